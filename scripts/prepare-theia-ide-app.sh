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
    # `npm ci` refuses this lockfile: its validation wants entries for msgpackr-extract's darwin/win32
    # binaries, which the registry here does not serve (404), so no lockfile can list them. `npm install`
    # installs exactly what the lockfile pins; the check after it makes sure it changed nothing (a frozen install).
    before=$(sha256sum package-lock.json)
    npm install --no-audit --no-fund
    if [ "$(sha256sum package-lock.json)" != "$before" ]; then
        echo "test/theia-ide-app/package-lock.json does not match package.json: run npm install there and commit the lockfile." >&2
        exit 1
    fi
    echo "$want" > "$stamp"
    rm -f lib/.build-stamp
fi
if [ ! -f lib/.build-stamp ] || [ "$(cat lib/.build-stamp)" != "$want" ]; then
    npx theia build --mode development
    echo "$want" > lib/.build-stamp
fi
