#!/usr/bin/env bash
# npm dependencies, installed only when package-lock.json changed since the last install.
set -euo pipefail
cd "$(dirname "$0")/.."
# Nothing outside the npm and Debian registries is reachable: no browser or Electron downloads.
export PUPPETEER_SKIP_DOWNLOAD=true ELECTRON_SKIP_BINARY_DOWNLOAD=1
stamp=node_modules/.install-stamp
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    exit 0
fi
npm ci --no-audit --no-fund
echo "$want" > "$stamp"
