import fs from 'node:fs';
import path from 'node:path';
import { CliPty, findCliBinary } from './cli-pty.mjs';
import { cleanProcessEnv } from './cli-home.mjs';

/** The prompt of Codex is ready once its footer names the model: before that, keys typed are kept for later or lost. */
export const CODEX_READY = 'fake-model default';
/** What Codex 0.169.0 prints once `/ide` got a context. */
export const CODEX_IDE_ON = 'IDE context is on';
/** Its hint when the IDE answered no-client-found (no window has the folder). */
export const CODEX_NO_IDE = 'Open this project in VS Code or Cursor with the Codex extension active.';

/**
 * The real `codex` (0.169.0) in a pty, as a Theia terminal starts it: in the workspace of `home`, with the
 * terminal's environment (whose TMPDIR says where the IDE socket is), against the Responses API fake.
 */
export function startCodex({ home, api, terminalEnv = {}, cwd = home.workspace }) {
    fs.mkdirSync(path.join(home.home, '.codex'), { recursive: true });
    fs.writeFileSync(path.join(home.home, '.codex', 'config.toml'), api.codexConfig({ envKey: 'OPENAI_API_KEY' }));
    const env = { ...cleanProcessEnv(), ...home.env, ...terminalEnv, OPENAI_API_KEY: 'sk-fake-codex' };
    for (const name of ['CODEX_HOME', 'CODEX_API_KEY', 'XDG_CONFIG_HOME']) {
        delete env[name]; // node-pty would pass `undefined` on as the string "undefined"
    }
    return CliPty.spawn({ command: findCliBinary('codex', '@openai/codex'), cwd, env });
}

/** Types a line until the CLI echoes it (it drops keys while drawing), then Enter. */
export function submitWhenReady(cli, line) {
    return cli.submitWhenReady(line);
}

/** `/ide` until Codex says what it got: the IDE's context, or the hint that no IDE has the folder. */
export async function toggleIde(cli, expected = CODEX_IDE_ON) {
    const seen = screen => screen.split(expected).length - 1;
    const before = seen(cli.screen());
    await submitWhenReady(cli, '/ide');
    return cli.waitFor(screen => seen(screen) > before, 30_000, `"${expected}" after /ide`);
}

/**
 * The model request that carries `prompt` as the user's turn. Codex 0.169.0 also asks the model for a task title with
 * the prompt quoted ("Generate a concise, single-line task title …"), sometimes first: that one is not the turn.
 */
export function promptRequest(requests, prompt) {
    return requests.find(request => {
        const text = lastUserText(request);
        return text.includes(prompt) && !/task title/.test(text);
    });
}

/** The text of the user's last message in a Responses request (Codex puts the IDE context there). */
export function lastUserText(request) {
    const users = (request.body?.input ?? []).filter(item => item.role === 'user');
    return (users.at(-1)?.content ?? []).map(part => part.text ?? '').join('\n');
}

/**
 * Codex 0.169.0 starts a background `codex app-server` daemon under its home (`.codex/packages/app-server-daemon`)
 * that outlives the CLI. A test ends it with the home it made, so no process of the run is left behind.
 */
export async function stopCodexDaemons(homeDir) {
    const marker = path.join(homeDir, '.codex', 'packages', 'app-server-daemon');
    const daemons = () => fs.readdirSync('/proc').filter(entry => /^\d+$/.test(entry)).filter(pid => {
        try {
            return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
        } catch {
            return false; // gone meanwhile
        }
    }).map(Number);
    for (const pid of daemons()) {
        try {
            process.kill(pid, 'SIGKILL');
        } catch {
            // gone meanwhile
        }
    }
    for (let check = 0; check < 100 && daemons().length > 0; check++) {
        await new Promise(resolve => setTimeout(resolve, 50));
    }
}
