#!/bin/bash
# Compares the exports of two `spineparticle` builds on every preset and the bench reference
# scene: bytes, bones and draw order keys/offsets of the second. Usage:
#   bash scripts/export-size-compare.sh BEFORE_BIN AFTER_BIN
# (build BEFORE_BIN from an older commit, e.g. `git worktree add` + `cargo build --release`).
set -euo pipefail
before=$1
after=$2
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf "| %-16s | %12s | %12s | %7s | %13s | %s |\n" scene "before bytes" "after bytes" ratio "bones b → a" "drawOrder keys/offsets"
for f in presets/*.json tests/golden/bench_reference.json; do
  n=$(basename "$f" .json)
  read -r b1 n1 < <("$before" export "$f" -o "$tmp/a.json" 2>/dev/null | node -e 'const r=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log(r.bytes,r.bones)')
  read -r b2 n2 < <("$after" export "$f" -o "$tmp/b.json" 2>/dev/null | node -e 'const r=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log(r.bytes,r.bones)')
  keys=$(node -e 'const d=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));let k=0,o=0;for(const a of Object.values(d.animations))for(const key of a.drawOrder??[]){k++;o+=(key.offsets??[]).length}console.log(`${k}/${o}`)' "$tmp/b.json")
  printf "| %-16s | %12s | %12s | %7.4f | %5s → %-5s | %s |\n" "$n" "$b1" "$b2" "$(node -e "console.log($b2/$b1)")" "$n1" "$n2" "$keys"
done
