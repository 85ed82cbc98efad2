#!/usr/bin/env bash
# Installs whatever is missing, idempotently and quickly when already done:
#   the wasm32 target, the pinned wasm-bindgen-cli (into .tools/, git-ignored), npm packages from
#   the committed lockfile, and with --browser Debian's chromium for the browser tests.
# Usage: scripts/setup.sh [--browser] [--bench]
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130   # must equal the `=` pin of wasm-bindgen in crates/sp-wasm/Cargo.toml
want_browser=0; want_bench=0
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=1 ;;
    --bench) want_bench=1 ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

step() { printf '\n==> %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy rustfmt

if [ "$(.tools/bin/wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  # `--locked` fails here (the CLI's lockfile pins a yanked webpki-roots), so resolve afresh.
  step "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION into .tools/ (once, ~5 min)"
  cargo install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION" --root .tools
fi

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then
    # Updates that fail for one mirror still leave usable lists; the install below says if not.
    apt-get update -qq || true
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm ci"
  npm ci --no-audit --no-fund
fi

# sp-render's pixel tests draw with wgpu's GL backend on Mesa's software rasteriser (EGL).
if ! dpkg -s libegl-mesa0 libgl1-mesa-dri >/dev/null 2>&1; then
  step "apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri (renderer pixel tests)"
  apt_install libegl1 libegl-mesa0 libgl1-mesa-dri
fi
if [ "$want_browser" = 1 ] && [ ! -x /usr/bin/chromium ]; then
  step "apt-get install chromium (browser tests)"
  apt_install chromium
fi
if [ "$want_bench" = 1 ] && ! command -v assimp >/dev/null; then
  step "apt-get install assimp-utils (MS3D parse benchmark)"
  apt_install assimp-utils
fi
echo "setup: ready"
