#!/usr/bin/env bash
# Builds the browser module: sp-wasm for wasm32 with SIMD (.cargo/config.toml; cargo profile
# `wasm`: fat LTO, one codegen unit, opt-level "s") → wasm-bindgen (--target web) into web/pkg/
# → wasm-opt -Oz (node_modules/binaryen), skipped with SP_FAST=1. Then checks the size budget:
# the gzipped (-9) module must stay within SP_WASM_BUDGET_BYTES (default 1,500,000 bytes), else
# it fails.
# Idempotent and incremental: cargo caches in $CARGO_TARGET_DIR (default target/), and the
# bindgen/opt steps are skipped when web/pkg is newer than the compiled module.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

target_dir="${CARGO_TARGET_DIR:-$root/target}"
out_dir="$root/web/pkg"
bindgen="$root/.tools/bin/wasm-bindgen"
wasm_opt="$root/node_modules/.bin/wasm-opt"
want_bindgen_version="0.2.130"

if [[ ! -x "$bindgen" ]]; then
  if command -v wasm-bindgen >/dev/null 2>&1 && wasm-bindgen --version | grep -q " $want_bindgen_version"; then
    bindgen="$(command -v wasm-bindgen)"
  else
    echo "build-wasm: $root/.tools/bin/wasm-bindgen ($want_bindgen_version) is missing; run scripts/setup.sh first" >&2
    exit 1
  fi
fi
if ! "$bindgen" --version | grep -q " $want_bindgen_version"; then
  echo "build-wasm: $bindgen is $("$bindgen" --version), expected $want_bindgen_version" >&2
  exit 1
fi

echo "build-wasm: cargo build --profile wasm --target wasm32-unknown-unknown -p sp-wasm"
cargo build --profile wasm --target wasm32-unknown-unknown -p sp-wasm

wasm_in="$target_dir/wasm32-unknown-unknown/wasm/sp_wasm.wasm"
wasm_out="$out_dir/sp_wasm_bg.wasm"
stamp="$out_dir/.built-from"
mkdir -p "$out_dir"

fast="${SP_FAST:-0}"
mode="opt-Oz"
[[ "$fast" == "1" || ! -x "$wasm_opt" ]] && mode="noopt"

if [[ -f "$wasm_out" && -f "$stamp" && "$stamp" -nt "$wasm_in" && "$(cat "$stamp")" == "$mode" ]]; then
  echo "build-wasm: web/pkg is up to date"
else
  echo "build-wasm: wasm-bindgen --target web --out-dir web/pkg"
  "$bindgen" --target web --out-dir "$out_dir" "$wasm_in"
  if [[ "$mode" == "opt-Oz" ]]; then
    echo "build-wasm: wasm-opt -Oz"
    "$wasm_opt" -Oz --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$wasm_out" -o "$wasm_out.opt"
    mv "$wasm_out.opt" "$wasm_out"
  elif [[ "$fast" == "1" ]]; then
    echo "build-wasm: SP_FAST=1, skipping wasm-opt"
  else
    echo "build-wasm: node_modules/.bin/wasm-opt not found, skipping wasm-opt"
  fi
  echo "$mode" > "$stamp"
fi

size=$(wc -c < "$wasm_out")
gz=$(gzip -9 -c "$wasm_out" | wc -c)
budget="${SP_WASM_BUDGET_BYTES:-1500000}"
echo "build-wasm: web/pkg/sp_wasm_bg.wasm is $size bytes ($(( (size + 1023) / 1024 )) KiB), $gz bytes gzipped (budget $budget)"
if [[ "$mode" != "noopt" && "$gz" -gt "$budget" ]]; then
  echo "build-wasm: the gzipped module ($gz bytes) is above the budget of $budget bytes" >&2
  exit 1
fi
