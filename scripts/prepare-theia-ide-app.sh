#!/usr/bin/env bash
# Installs (npm ci from its own lockfile) and builds the Theia IDE-shaped test app in test/theia-ide-app.
# Test-only: the root npm ci and ./scripts/start.sh never touch it. Each step is skipped when its
# inputs have not changed since the last run.
set -euo pipefail
cd "$(dirname "$0")/../test/theia-ide-app"
export PUPPETEER_SKIP_DOWNLOAD=true ELECTRON_SKIP_BINARY_DOWNLOAD=1
stamp=node_modules/.install-stamp
want=$(sha256sum package-lock.json package.json | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    # The lockfile lists msgpackr-extract's binaries for every platform (npm wants entries for all of them, and
    # installs only this one's), so `npm ci` installs exactly what it pins and never rewrites it.
    npm ci --no-audit --no-fund
    echo "$want" > "$stamp"
    rm -f lib/.build-stamp
fi
if [ ! -f lib/.build-stamp ] || [ "$(cat lib/.build-stamp)" != "$want" ]; then
    npx theia build --mode development
    echo "$want" > lib/.build-stamp
fi
