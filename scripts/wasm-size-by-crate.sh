#!/usr/bin/env bash
# Where the browser module's bytes go: its code section's function bodies summed by the crate
# that names them, its data section, and its largest functions. The module stays within a gzip
# budget (scripts/build-wasm.sh), so a change that needs room starts here.
#
#   bash scripts/wasm-size-by-crate.sh [TOP]
#
# Needs a built module (bash scripts/build-wasm.sh leaves it in target/). Steps:
#   1. the module with its function names: wasm-bindgen --keep-debug, then wasm-opt -Oz -g with
#      the shipped build's features, into a temporary directory (not web/pkg). The bodies are the
#      shipped ones: -g keeps the name section and changes no code;
#   2. scripts/wasm-size-by-crate.mjs reads the sections and the names and prints the table.
# Sizes are raw bytes of function bodies, before gzip. A body is counted under the first crate
# path in its (demangled) name, so generic code instantiated for a crate's types may count under
# `core` or `alloc`, and code LTO inlined into a caller counts under the caller.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
top="${1:-25}"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
wasm_in="$target_dir/wasm32-unknown-unknown/wasm/sp_wasm.wasm"
bindgen="$root/.tools/bin/wasm-bindgen"
wasm_opt="$root/node_modules/.bin/wasm-opt"
for tool in "$bindgen" "$wasm_opt"; do
  [[ -x "$tool" ]] || { echo "wasm-size-by-crate: $tool is missing; run scripts/setup.sh first" >&2; exit 1; }
done
[[ -f "$wasm_in" ]] || { echo "wasm-size-by-crate: $wasm_in is missing; run scripts/build-wasm.sh first" >&2; exit 1; }

work="$(mktemp -d /tmp/wasm-size.XXXXXX)"
trap 'rm -rf "$work"' EXIT
"$bindgen" --keep-debug --target web --out-dir "$work" "$wasm_in"
"$wasm_opt" -Oz -g --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue \
  "$work/sp_wasm_bg.wasm" -o "$work/named.wasm"
node "$root/scripts/wasm-size-by-crate.mjs" "$work/named.wasm" "$top"
