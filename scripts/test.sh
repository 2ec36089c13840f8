#!/usr/bin/env bash
# Lint (with the layer rules of eslint.config.mjs), then every test: unit, integration (real IdeClient, real gemini/qwen, real Theia backend) and
# end-to-end (Theia in Chromium). Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh --with-browser
bash scripts/install.sh
npm run lint
node scripts/check-doc-links.mjs
npm run build
# The release artefacts: the plugin-host and custom-app tests install exactly these.
npm run package
bash scripts/prepare-theia-ide-app.sh
exec node scripts/run-test-suites.mjs
