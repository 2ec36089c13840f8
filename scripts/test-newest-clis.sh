#!/usr/bin/env bash
# The real-CLI suites of Codex CLI and Claude Code against the newest versions on the npm registry (or the
# versions given), not the ones test/package.json pins, and a line per CLI saying which version passed.
#
#   bash scripts/test-newest-clis.sh                 # codex and claude, each at its `latest` tag
#   bash scripts/test-newest-clis.sh codex           # one of them
#   CODEX_VERSION=0.171.0 CLAUDE_VERSION=2.1.332 bash scripts/test-newest-clis.sh
#
# The CLIs go into a temporary folder (removed at the end; KEEP_CLIS=1 keeps it), never into the lockfiles;
# the specs find them there through TEST_CLI_NODE_MODULES (test/support/cli-pty.mjs). Needs what
# scripts/test.sh builds first: the packages and the browser app (the e2e specs run Theia in Chromium).
# Not part of the default CI run: it downloads the CLIs (~250 MB) and takes about 10 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

declare -A PACKAGE=([codex]=@openai/codex [claude]=@anthropic-ai/claude-code)
declare -A WANTED=([codex]="${CODEX_VERSION:-latest}" [claude]="${CLAUDE_VERSION:-latest}")
declare -A SPECS=(
    [codex]="integration/codex-ide.spec.mjs e2e/codex-in-theia-terminal.spec.mjs"
    [claude]="integration/claude-code.spec.mjs e2e/claude-in-theia-terminal.spec.mjs e2e/claude-context-in-theia.spec.mjs"
)
clis=("$@")
[ ${#clis[@]} -gt 0 ] || clis=(codex claude)

dir=$(mktemp -d "${TMPDIR:-/tmp}/newest-clis-XXXXXX")
[ -n "${KEEP_CLIS:-}" ] || trap 'rm -rf "$dir"' EXIT
echo '{ "private": true }' > "$dir/package.json"

install=()
for cli in "${clis[@]}"; do
    [ -n "${PACKAGE[$cli]:-}" ] || { echo "unknown CLI '$cli' (codex or claude)" >&2; exit 2; }
    version=$(npm view "${PACKAGE[$cli]}@${WANTED[$cli]}" version --silent | tail -1)
    install+=("${PACKAGE[$cli]}@$version")
    # Claude Code's native binary: npm here does not run the postinstall that would link it.
    [ "$cli" != claude ] || install+=("${PACKAGE[$cli]}-$(node -p 'process.platform + "-" + process.arch')@$version")
done
echo "Installing ${install[*]} into $dir"
(cd "$dir" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error "${install[@]}")

summary=()
failed=0
for cli in "${clis[@]}"; do
    version=$(node -p "require('$dir/node_modules/${PACKAGE[$cli]}/package.json').version")
    # The binary the specs will run, found as they find it, and what it says its version is.
    binary=$(cd "$root/test" && TEST_CLI_NODE_MODULES="$dir/node_modules" node --input-type=module -e "
        import { findCliBinary, findClaudeBinary } from './support/cli-pty.mjs';
        console.log(process.argv[1] === 'claude' ? findClaudeBinary() : findCliBinary('codex', '@openai/codex'));" "$cli")
    if [ "$cli" = claude ]; then reported=$("$binary" --version); else reported=$(node "$binary" --version); fi
    echo "=== $cli $version ($binary: $reported): ${SPECS[$cli]} ==="
    log="$dir/$cli.log"
    status=passed
    # shellcheck disable=SC2086 # the spec list is split on purpose
    (cd "$root/test" && TEST_CLI_NODE_MODULES="$dir/node_modules" FORCE_COLOR=0 \
        node "$root/node_modules/.bin/mocha" --exit --timeout 300000 --slow 30000 ${SPECS[$cli]}) 2>&1 | tee "$log" || status=FAILED
    counts=$(grep -Eo '[0-9]+ (passing|failing|pending)' "$log" | paste -sd, - | sed 's/,/, /g')
    summary+=("$cli ${PACKAGE[$cli]}@$version ($reported): $status (${counts:-no tests ran})")
    [ "$status" = passed ] || failed=1
done

echo
echo "=== newest CLIs ==="
printf '%s\n' "${summary[@]}"
exit $failed
