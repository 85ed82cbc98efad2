#!/usr/bin/env bash
# One command: install what is missing (Chromium included), then run every check and test:
# formatting, clippy (native and wasm32), the core crates' dependency rule, Rust tests (the fuzz
# corpora replayed through the fuzz target bodies among them), the exhaustive MS3D truncation
# test in release, the TypeScript type check, unit and Node tests (vitest, against the official
# Spine runtime), the production build, and end-to-end tests in Chromium (WebGPU and WebGL2).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
start=$(date +%s)
section() { printf '\n==> [%ss] %s\n' "$(( $(date +%s) - start ))" "$*"; }

section "setup"
bash scripts/setup.sh --browser

section "cargo fmt --check"
cargo fmt --all -- --check

section "core crates stay free of web crates and wgpu"
for crate in sp-sim sp-spine sp-skel sp-ms3d; do
  bad=$(cargo tree -p "$crate" -e normal --target all --prefix none 2>/dev/null \
        | grep -E '^(wasm-bindgen|web-sys|js-sys|wgpu)( |$)' | sort -u || true)
  if [ -n "$bad" ]; then echo "$crate depends on: $bad" >&2; exit 1; fi
  echo "$crate: ok"
done

section "cargo clippy (native, all targets)"
cargo clippy --workspace --all-targets -- -D warnings
section "cargo clippy (wasm32: render + wasm crates)"
cargo clippy -p sp-render -p sp-wasm --target wasm32-unknown-unknown --all-targets -- -D warnings

section "cargo test (Rust)"
cargo test --workspace 2>&1 | tee target/rust-tests.log \
  | grep -E '^(test result|running|error|failures|---- |thread)' || true
if grep -qE '^test result: FAILED|^error' target/rust-tests.log || ! grep -q '^test result' target/rust-tests.log; then
  tail -n 80 target/rust-tests.log; exit 1
fi
awk '/^test result/ { p += $4; f += $6; i += $8 } END { printf "Rust: %d passed, %d failed, %d skipped\n", p, f, i }' target/rust-tests.log

section "MS3D truncation at every offset of the fixtures (release)"
# 578k prefixes of jeep1 and POA; ignored by the debug run above (minutes there, seconds here).
cargo test --release -p sp-ms3d --test truncation -- --ignored

section "native CLI build (for Node tests)"
cargo build -p sp-cli
export SPINEPARTICLE_BIN="$PWD/target/debug/spineparticle"

section "build: wasm + site (dist/) + test build (dist-test/: test seam, benchmark pages)"
npm run build

section "TypeScript: tsc --strict"
npm run typecheck

section "vitest: UI logic and Node tests with the official Spine runtime"
node node_modules/vitest/vitest.mjs run

section "end-to-end in Chromium"
node --import tsx --test --test-concurrency=1 tests/e2e/*.test.ts

section "all tests passed in $(( $(date +%s) - start ))s"
