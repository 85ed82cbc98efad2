#!/usr/bin/env bash
# Profiles the wasm simulation benchmark (`benchSim`) at the level of V8's machine code: which
# instructions of the compiled module the processor's time goes to. Sampling profilers that work
# per function (Chromium's, `node --cpu-prof`) see one function, as the module's optimiser
# inlines the whole per-particle step into it; this shows the hot instructions inside it.
#
#   bash scripts/profile-wasm-sim.sh [none|forces] [LIVE] [TOP] [node|chromium]
#
# ENGINE `chromium` runs the benchmark in a page of Debian's Chromium (headless, through
# playwright-core, `--js-flags` for the jitdump) instead of Node 20: its V8 is years newer and
# compiles some loops differently, and the targets are measured there.
#
# Needs `perf` (Debian: apt-get install linux-perf) and a built module (bash scripts/build-wasm.sh,
# which leaves the compiled module in target/). Steps:
#   1. the module with its function names: wasm-bindgen --keep-debug, then wasm-opt -Oz -g with the
#      shipped build's features (scripts/build-wasm.sh), into a temporary directory (not web/pkg);
#   2. `perf record` of Node running `benchSim(LIVE, steps, forces)` 8 times, with V8 writing a
#      jitdump of the code it compiles (--perf-prof; --no-liftoff: the optimised tier only);
#   3. `perf inject --jit`, then the share of each function and, for the hottest wasm function,
#      its TOP hottest instructions (perf annotate; samples land on the instruction after a stall,
#      so read the instructions just before a hot one).
# Prints where the full annotation is, to read around the hot instructions.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode="${1:-none}"
live="${2:-10000}"
top="${3:-25}"
engine="${4:-node}"
case "$mode" in
  none) forces=false; unit="particle-step"; steps=$(( 4000000 / live > 2 ? 4000000 / live : 2 )) ;;
  forces) forces=true; unit="particle per grid step"; steps=$(( 500000 / live > 2 ? 500000 / live : 2 )) ;;
  *) echo "usage: bash scripts/profile-wasm-sim.sh [none|forces] [LIVE] [TOP] [node|chromium]" >&2; exit 2 ;;
esac
case "$engine" in
  node|chromium) ;;
  *) echo "profile-wasm-sim: ENGINE must be node or chromium" >&2; exit 2 ;;
esac
[[ "$live" =~ ^[0-9]+$ && "$live" -ge 1 && "$live" -le 1000000 ]] || { echo "profile-wasm-sim: LIVE must be 1..1000000" >&2; exit 2; }
command -v perf >/dev/null || { echo "profile-wasm-sim: perf is missing (apt-get install linux-perf)" >&2; exit 1; }

wasm_in="${CARGO_TARGET_DIR:-$root/target}/wasm32-unknown-unknown/wasm/sp_wasm.wasm"
bindgen="$root/.tools/bin/wasm-bindgen"
wasm_opt="$root/node_modules/.bin/wasm-opt"
for f in "$wasm_in" "$bindgen" "$wasm_opt"; do
  [[ -e "$f" ]] || { echo "profile-wasm-sim: $f is missing (bash scripts/setup.sh, then bash scripts/build-wasm.sh)" >&2; exit 1; }
done

work="$(mktemp -d /tmp/profile-wasm-sim.XXXXXX)"
"$bindgen" --keep-debug --target web --out-dir "$work/pkg" "$wasm_in"
"$wasm_opt" -Oz -g --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
  "$work/pkg/sp_wasm_bg.wasm" -o "$work/pkg/named.wasm"
cat > "$work/run.mjs" <<EOF
import { readFileSync } from 'node:fs';
const m = await import('$work/pkg/sp_wasm.js');
m.initSync({ module: readFileSync('$work/pkg/named.wasm') });
const ns = [];
for (let i = 0; i < 8; i++) ns.push(m.benchSim($live, $steps, $forces).toFixed(1));
console.log('benchSim ns per $unit, 8 runs: ' + ns.join(' '));
EOF

if [[ "$engine" == chromium ]]; then
  cat > "$work/index.html" <<EOF
<!doctype html><html><body><script type="module">
import init, { benchSim } from './pkg/sp_wasm.js';
await init({ module_or_path: './pkg/named.wasm' });
const ns = [];
for (let i = 0; i < 8; i++) ns.push(benchSim($live, $steps, $forces).toFixed(1));
document.title = 'benchSim ns per $unit, 8 runs: ' + ns.join(' ');
</script></body></html>
EOF
  cat > "$work/run.mjs" <<EOF
import { chromium } from '$root/node_modules/playwright-core/index.mjs';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const types = { wasm: 'application/wasm', js: 'text/javascript', html: 'text/html' };
const server = createServer((req, res) => {
  const path = '$work' + new URL(req.url, 'http://x').pathname;
  try {
    const body = readFileSync(path);
    res.writeHead(200, { 'content-type': types[path.split('.').pop()] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
}).listen(0, '127.0.0.1');
await new Promise((ok) => server.once('listening', ok));
const browser = await chromium.launch({
  executablePath: process.env.SP_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--no-first-run', '--disable-quic', '--js-flags=--perf-prof --perf-prof-annotate-wasm --no-liftoff'],
});
try {
  const page = await browser.newPage();
  await page.goto('http://127.0.0.1:' + server.address().port + '/index.html');
  await page.waitForFunction(() => document.title.startsWith('benchSim'), undefined, { timeout: 600000 });
  console.log(await page.title());
} finally {
  await browser.close();
  server.close();
}
EOF
fi

cd "$work"
if [[ "$engine" == chromium ]]; then
  perf record -q -k 1 -o raw.data node run.mjs
else
  perf record -q -k 1 -o raw.data node --perf-prof --perf-prof-annotate-wasm --no-liftoff run.mjs
fi
perf inject --jit -i raw.data -o jit.data 2>/dev/null
echo "== share of samples per function (≥ 1 %)"
perf report -i jit.data --no-children --percent-limit 1 --stdio 2>/dev/null | grep '%' || true
hot="$(perf report -i jit.data --no-children --stdio 2>/dev/null | grep -o 'JS:.*-turbofan' | head -1 || true)"
if [[ -z "$hot" ]]; then
  echo "profile-wasm-sim: no optimised wasm function among the samples" >&2
  exit 1
fi
perf annotate -i jit.data --stdio -s "$hot" 2>/dev/null > annotate.txt
echo "== the $top hottest instructions of ${hot#JS:} (% of its samples)"
grep -E '^ +[0-9]+\.[0-9]+ :' annotate.txt | sort -rn | head -"$top"
echo "== full annotation: $work/annotate.txt; reports: perf report -i $work/jit.data"
