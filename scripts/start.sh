#!/usr/bin/env bash
# Builds the browser app with the companion and starts it on sample-workspace/ at http://127.0.0.1:3000
# Extra arguments go to `theia start` (e.g. --port 3001, or another workspace folder).
# The backend answers loopback names and IP literals only (DNS rebinding); to open it by another name, e.g.
# behind a proxy, start with THEIA_HOSTS=<that name> (README: "Host names the backend answers").
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh
bash scripts/install.sh
npm run build:packages
npm run build:browser:production # what a user runs: minified, React's production build
workspace="$PWD/sample-workspace"
echo "Open http://127.0.0.1:3000 — then in a terminal: gemini (or qwen), and /ide enable once."
cd browser-app
exec npx theia start "$workspace" --hostname 127.0.0.1 --port 3000 "$@"
