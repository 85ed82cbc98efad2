#!/usr/bin/env bash
# One command: install what is missing, build the wasm core, serve the editor with the default
# scene playing. Usage: scripts/serve.sh [--port N]
set -euo pipefail
cd "$(dirname "$0")/.."
port=5173
[ "${1:-}" = "--port" ] && port="$2"
bash scripts/setup.sh
bash scripts/build-wasm.sh
echo
echo "SpineParticle editor: http://127.0.0.1:$port/"
exec node node_modules/vite/bin/vite.js --host 127.0.0.1 --port "$port" --strictPort
