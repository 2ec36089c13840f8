import fs from 'node:fs';
import path from 'node:path';
import { CliPty, findClaudeBinary } from './cli-pty.mjs';
import { cleanProcessEnv } from './cli-home.mjs';

/** The prompt of Claude Code is ready: its footer shows the permission mode. */
export const CLAUDE_READY = /manual mode on|\? for shortcuts/;

/**
 * The real `claude` in a pty, as a Theia terminal would start it: in the workspace of `home`, with
 * the terminal's environment, against the fake Anthropic API, in ask-before-edit mode (auto mode and
 * acceptEdits never offer a diff), with a debug log in the home's root.
 */
export function startClaude({ home, terminalEnv, api, extraEnv = {}, args = [] }) {
    const debugFile = path.join(home.root, 'claude-debug.log');
    const env = {
        ...cleanProcessEnv(), ...home.env, ...terminalEnv, ...api.env(),
        DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        // Otherwise it tries to git-clone the official plugin marketplace from github.com.
        CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1', ...extraEnv
    };
    const cli = CliPty.spawnBinary({
        file: findClaudeBinary(), args: ['--permission-mode', 'default', '--debug-file', debugFile, ...args], cwd: home.workspace, env
    });
    cli.debugFile = debugFile;
    return cli;
}

/**
 * Resolves once the CLI itself counts its IDE connection as established (its debug log says so). The
 * server sees the upgrade earlier; a prompt sent before this moment runs without the IDE (no openDiff).
 */
export async function waitForIdeConnection(cli, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    let seen = 0;
    for (;;) {
        let log = '';
        try {
            log = fs.readFileSync(cli.debugFile, 'utf8');
        } catch {
            // not written yet
        }
        const count = log.split('MCP server "ide": Connection established').length - 1;
        if (count > seen) {
            return;
        }
        if (cli.exit || Date.now() > deadline) {
            throw new Error(`Claude Code did not establish its IDE connection within ${timeoutMs} ms.\n${cli.describe()}`);
        }
        await new Promise(resolve => setTimeout(resolve, 100));
    }
}
