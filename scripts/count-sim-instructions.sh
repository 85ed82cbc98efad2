#!/usr/bin/env bash
# Counts the machine instructions of the native simulation's integrated step with forces, under
# valgrind's callgrind: per grid step (called from a sample), per turbulence evaluation, per
# particle sample, and the whole run. Instruction counts do not move with the machine's load, so
# two builds can be compared in one run of each where timings need many interleaved rounds
# (README, Performance). They are a count, not a time: a change off the critical path of a
# latency-bound step can remove instructions and no time natively (V8's code for the same step in
# wasm has more instructions per operation, where such a change showed).
#
#   bash scripts/count-sim-instructions.sh [BIN ...]     (default: target/release/spineparticle)
#
# Needs valgrind (Debian: apt-get install valgrind) and a release build (cargo build --release
# -p sp-cli). Runs `BIN bench sim --forces --live 1000 --particle-steps 400000` (turbulence +
# vortex + attractor; the warm-up and the integrator comparison are counted in the total only).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command -v valgrind >/dev/null || { echo "count-sim-instructions: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
[[ $# -gt 0 ]] || set -- "$root/target/release/spineparticle"
for bin in "$@"; do
  [[ -x "$bin" ]] || { echo "count-sim-instructions: $bin is not an executable (cargo build --release -p sp-cli)" >&2; exit 1; }
  out="$(mktemp /tmp/count-sim.XXXXXX)"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" bench sim --forces --runs 1 --live 1000 \
    --particle-steps 400000 >/dev/null 2>&1
  echo "== $bin"
  python3 - "$out" <<'PY'
import collections, re, sys

names = {}
def name(field):
    m = re.match(r'\((\d+)\)(?: (.*))?', field)
    if not m:
        return field
    if m.group(2):
        names[m.group(1)] = m.group(2)
    return names.get(m.group(1), m.group(1))

calls, cost = collections.Counter(), collections.Counter()
caller = callee = None
total = 0
lines = open(sys.argv[1]).read().split('\n')
i = 0
while i < len(lines):
    line = lines[i]
    if line.startswith('fn='):
        caller = name(line[3:])
    elif line.startswith('cfn='):
        callee = name(line[4:])
    elif line.startswith('calls='):
        calls[(caller, callee)] += int(line[6:].split()[0])
        cost[(caller, callee)] += int(lines[i + 1].split()[1])
        i += 1
    elif line.startswith(('summary:', 'totals:')):
        total = int(line.split()[1])
    i += 1

rows = [
    ('per grid step', 'MotionModel>::sample', 'MotionModel>::grid_step'),
    ('per turbulence evaluation', 'MotionModel>::grid_step', 'unit_accel'),
    ('per particle sample', 'SystemSim>::update', 'MotionModel>::sample'),
]
for label, a, b in rows:
    keys = [k for k in calls if a in k[0] and k[1].endswith(b.split('>::')[-1]) and b.split('>::')[0] in k[1]]
    n = sum(calls[k] for k in keys)
    c = sum(cost[k] for k in keys)
    print(f'  {label:<28} {c / n:9.1f} instructions ({n} calls)' if n else f'  {label:<28} not found')
print(f'  {"whole run":<28} {total:,} instructions')
PY
  rm -f "$out"
done
