import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliPty, findCliBinary } from './cli-pty.mjs';
import { cleanProcessEnv } from './cli-home.mjs';
import { FakeOpenAiApi } from './fake-openai-api.mjs';

/** Copilot CLI's prompt is ready: its footer names the approval mode. */
export const COPILOT_READY = /Manual Approval/;

/** The model the fake answers as; Copilot CLI sends it as `model`. */
export const COPILOT_MODEL = 'gpt-4.1';

/**
 * Copilot CLI unpacks ~200 MB into its cache on first start: one cache for every test run, not one per
 * temporary HOME.
 */
export const COPILOT_CACHE_HOME = path.join(os.tmpdir(), 'ai-cli-companion-test-copilot-cache');

/**
 * What the real `copilot` needs to run offline against the loopback OpenAI fake (BYOK: no GitHub sign-in,
 * no update check, no telemetry).
 */
export function copilotEnv(api) {
    return {
        COPILOT_PROVIDER_BASE_URL: api.baseUrl, COPILOT_PROVIDER_API_KEY: 'fake-openai-key', COPILOT_MODEL,
        COPILOT_OFFLINE: 'true', COPILOT_AUTO_UPDATE: 'false', COPILOT_CACHE_HOME
    };
}

/** ~/.copilot/config.json with the workspace trusted (what "Yes, and remember this folder" writes). */
export function copilotHomeFiles(workspace) {
    return { '.copilot/config.json': JSON.stringify({ trustedFolders: [workspace] }) };
}

/** The real `copilot` in a pty, in the workspace of `home`, with a terminal's environment, logging its IDE traffic. */
export function startCopilot({ home, terminalEnv = {}, api, extraEnv = {} }) {
    for (const [file, text] of Object.entries(copilotHomeFiles(home.workspace))) {
        fs.mkdirSync(path.dirname(path.join(home.home, file)), { recursive: true });
        fs.writeFileSync(path.join(home.home, file), text);
    }
    const logDir = path.join(home.root, 'copilot-logs');
    const env = { ...cleanProcessEnv(), ...home.env, ...terminalEnv, ...copilotEnv(api), ...extraEnv };
    const cli = CliPty.spawn({ command: findCliBinary('copilot', '@github/copilot'), args: ['--log-level', 'debug', '--log-dir', logDir], cwd: home.workspace, env });
    cli.logDir = logDir;
    return cli;
}

/** The CLI's own debug log (its IDE connection and tool calls), for barriers and failure messages. */
export function copilotLog(logDir) {
    try {
        return fs.readdirSync(logDir).filter(name => name.endsWith('.log')).map(name => fs.readFileSync(path.join(logDir, name), 'utf8')).join('\n');
    } catch {
        return '';
    }
}

/** Resolves once the CLI's log says it connected to the IDE `count` times in all. */
export async function waitForCopilotIde(cli, { count = 1, timeoutMs = 60_000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        if (copilotLog(cli.logDir).split('Connected to IDE MCP server').length - 1 >= count) {
            return;
        }
        if (cli.exit || Date.now() > deadline) {
            throw new Error(`Copilot CLI did not connect to the IDE within ${timeoutMs} ms.\n${cli.describe()}`);
        }
        await new Promise(resolve => setTimeout(resolve, 100));
    }
}

/**
 * The OpenAI fake, where a scripted reply may wait for its prompt (`forPrompt`: text of the last user
 * message): Copilot CLI sends requests of its own between turns, which would otherwise take it.
 */
export class CopilotFakeApi extends FakeOpenAiApi {
    static start() {
        return new CopilotFakeApi('ok', COPILOT_MODEL).listen();
    }

    async respond(req, res, context) {
        const next = this.queue[0];
        if (next?.forPrompt && !lastUserText(context.body).includes(next.forPrompt)) {
            const queue = this.queue.splice(0);
            try {
                return await super.respond(req, res, context); // the default answer
            } finally {
                this.queue.unshift(...queue);
            }
        }
        return super.respond(req, res, context);
    }
}

function lastUserText(body) {
    const user = (body?.messages ?? []).filter(message => message.role === 'user').at(-1);
    return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content ?? '');
}
