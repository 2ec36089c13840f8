import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanProcessEnv, CliHome, geminiTestSettings, qwenTestSettings } from './cli-home.mjs';
import { findCliBinary } from './cli-pty.mjs';
import { copilotEnv } from './copilot-cli.mjs';

const REPO_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const AGENT_API_BIN = path.join(REPO_DIR, 'packages', 'agent-api', 'bin', 'agent-api.js');

/** Gemini CLI settings for ACP runs: the model pinned, so no routing call eats a scripted turn (acp.md §3). */
export function geminiAcpSettings() {
    return { ...geminiTestSettings(), model: { name: 'gemini-2.5-flash' } };
}

/** Qwen Code settings for ACP runs: ask before edits, no background memory or suggestion requests (acp.md §1). */
export function qwenAcpSettings() {
    const settings = qwenTestSettings();
    return {
        ...settings,
        memory: { enableManagedAutoMemory: false },
        ui: { enableFollowupSuggestions: false }
    };
}

/**
 * The published `ai-cli-agent-api` bin as a child process, in an isolated home, driving the real
 * `gemini` or `qwen` against a loopback fake model API. Parses the two start lines from stdout.
 */
export class AgentApiProcess {
    /**
     * `agent`: gemini, qwen or copilot; or `own: { name, command, args, keyEnv }`, an ACP agent of the user's own
     * (`--agent NAME --agent-command … --agent-arg …`), with `fake` optional.
     */
    static async start({ agent = 'gemini', own, fake, home = CliHome.create('agent-api-'), workspaces, args = [], env = {}, settings = true, setUp } = {}) {
        setUp?.(home);
        if (own) {
            return AgentApiProcess.spawn({ agent: own.name, home, workspaces, env, modelEnv: {},
                agentArgs: ['--agent', own.name, '--agent-command', own.command, ...(own.args ?? []).map(arg => `--agent-arg=${arg}`),
                    ...own.keyEnv ? ['--agent-key-env', own.keyEnv] : [], ...args] });
        }
        if (!fs.existsSync(path.join(REPO_DIR, 'packages', 'agent-api', 'lib', 'cli.js'))) {
            throw new Error('packages/agent-api is not built: run `npm run build` at the repository root first.');
        }
        if (settings && agent !== 'copilot') {
            if (agent === 'gemini') {
                home.setUpGemini(geminiAcpSettings());
            } else {
                home.setUpQwen(qwenAcpSettings());
            }
        }
        const command = { gemini: () => findCliBinary('gemini', '@google/gemini-cli'), qwen: () => findCliBinary('qwen', '@qwen-code/qwen-code'),
            copilot: () => findCliBinary('copilot', '@github/copilot') }[agent]();
        const modelEnv = {
            gemini: () => ({ GEMINI_API_KEY: 'fake-gemini-key-0123456789', GOOGLE_GEMINI_BASE_URL: fake.baseUrl, REMOTE_CONTAINERS: 'true' }),
            qwen: () => fake.env('fake-openai-key-0123456789'),
            // Bring your own key: the loopback fake as its OpenAI provider, no GitHub sign-in.
            copilot: () => copilotEnv(fake)
        }[agent]();
        return AgentApiProcess.spawn({ agent, home, workspaces, env, modelEnv, agentArgs: ['--agent', agent, '--agent-command', command, ...args] });
    }

    static async spawn({ agent, home, workspaces, env, modelEnv, agentArgs }) {
        const tokenFile = path.join(home.root, 'agent-api-token');
        const fullArgs = [AGENT_API_BIN, 'serve', ...(workspaces ?? [home.workspace]).flatMap(dir => ['--workspace', dir]),
            '--port', '0', '--token-file', tokenFile, ...agentArgs];
        // `env` entries set to null remove a variable (e.g. the API key, to test stored credentials).
        const childEnv = Object.fromEntries(Object.entries({ ...cleanProcessEnv(), ...home.env, ...modelEnv, ...env })
            .filter(([, value]) => value !== null && value !== undefined));
        const child = spawn(process.execPath, fullArgs, {
            cwd: home.workspace,
            env: childEnv,
            stdio: ['ignore', 'pipe', 'pipe']
        });
        const server = new AgentApiProcess(child, home, agent);
        await server.started();
        return server;
    }

    constructor(child, home, agent) {
        this.child = child;
        this.home = home;
        this.agent = agent;
        this.stdout = '';
        this.stderr = '';
        child.stdout.setEncoding('utf8');
        child.stderr.setEncoding('utf8');
        child.stdout.on('data', chunk => { this.stdout += chunk; });
        child.stderr.on('data', chunk => { this.stderr += chunk; });
        this.exited = new Promise(resolve => child.once('exit', (code, signal) => resolve({ code, signal })));
    }

    async started(timeoutMs = 30_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
            const url = /^listening on (http:\/\/\S+)$/m.exec(this.stdout)?.[1];
            const tokenFile = /^token file: (.+)$/m.exec(this.stdout)?.[1];
            if (url && tokenFile) {
                this.url = url;
                this.port = Number(new URL(url).port);
                this.tokenFile = tokenFile.trim();
                this.token = fs.readFileSync(this.tokenFile, 'utf8');
                return;
            }
            if (this.child.exitCode !== null || Date.now() > deadline) {
                throw new Error(`agent-api did not start (exit ${this.child.exitCode}).\nstdout: ${this.stdout}\nstderr: ${this.stderr}`);
            }
            await new Promise(resolve => setTimeout(resolve, 25));
        }
    }

    get authHeaders() {
        return { authorization: `Bearer ${this.token}` };
    }

    /** fetch() against the server with the token (unless `headers.authorization` is given as null). */
    fetch(pathname, { method = 'GET', body, headers = {}, signal } = {}) {
        const merged = { ...this.authHeaders, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers };
        for (const [name, value] of Object.entries(merged)) {
            if (value === null) {
                delete merged[name];
            }
        }
        return fetch(`${this.url}${pathname}`, {
            method, headers: merged, signal,
            body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
        });
    }

    async json(pathname, options) {
        const response = await this.fetch(pathname, options);
        return { status: response.status, headers: response.headers, body: await response.json() };
    }

    /** Process ids of the agent processes (the CLI wrapper and its node children) under the server. */
    agentPids() {
        return descendants(this.child.pid);
    }

    async stop() {
        if (this.child.exitCode === null && this.child.signalCode === null) {
            this.child.kill('SIGTERM');
        }
        return this.exited;
    }
}

/** Every descendant pid of `pid`, read from /proc. */
export function descendants(pid) {
    const children = new Map();
    for (const entry of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) {
            continue;
        }
        try {
            const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
            const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
            children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
        } catch {
            // gone meanwhile
        }
    }
    const found = [];
    const queue = [pid];
    while (queue.length > 0) {
        for (const child of children.get(queue.shift()) ?? []) {
            found.push(child);
            queue.push(child);
        }
    }
    return found;
}

export function isAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    } catch {
        return false;
    }
}

/**
 * Mocha hooks for a suite that talks to one server driving `agent` against one fake model API; the
 * returned object holds `fake`, `api` and `workspace` once the suite's `before` has run.
 */
export function agentApiSuite(agent, startFake, { args } = {}) {
    const suite = {};
    before(async () => {
        suite.fake = await startFake();
        suite.api = await AgentApiProcess.start({ agent, fake: suite.fake, ...(args ? { args } : {}) });
        suite.workspace = suite.api.home.workspace;
        // What a well-behaved client sends: loopback Host, the token, JSON.
        suite.good = { host: `127.0.0.1:${suite.api.port}`, authorization: `Bearer ${suite.api.token}`, 'content-type': 'application/json' };
    });
    stopAfterSuite(() => ({ api: suite.api, fake: suite.fake, home: suite.api?.home }));
    return suite;
}

/**
 * Mocha hooks around a suite's server: its stderr printed after a failed test; at the end the server
 * stopped, the fake closed and the home removed. `parts()` gives `{ api, fake, home }` as they are then.
 */
export function stopAfterSuite(parts) {
    after(async () => {
        const { api, fake, home } = parts();
        await api?.stop();
        await fake?.close();
        home?.cleanup();
    });
    afterEach(function () {
        if (this.currentTest.state === 'failed') {
            console.log(`--- agent-api stderr ---\n${parts().api.stderr.slice(-4000)}`);
        }
    });
}
