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
