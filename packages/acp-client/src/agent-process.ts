import { ChildProcess, spawn } from 'child_process';
import { Readable, Writable } from 'stream';
import * as acp from '@agentclientprotocol/sdk';
import type { AgentLogger } from './agent-logger';
import { AcpAgentLaunch } from './agent-profiles';
import { AgentExitedError, AgentNotFoundError } from './agent-errors';
import { AgentHandlers, clientApp, clientCapabilities, ClientDeclarations } from './client-requests';
import { descendantsOf, killTree } from './process-tree';
import { AgentSessionCapabilities, sessionCapabilitiesOf } from './session-capabilities';

export interface AgentStartOptions extends ClientDeclarations {
    readonly profile: AcpAgentLaunch;
    /** Executable to run; the profile's command (looked up on PATH) when undefined. */
    readonly command?: string;
    readonly cwd: string;
    readonly env: NodeJS.ProcessEnv;
    readonly handlers: AgentHandlers;
    readonly logger: AgentLogger;
    /** Applied to anything the agent prints before it reaches a log line or an error text. */
    readonly scrub: (text: string) => string;
    readonly startTimeoutMs?: number;
    /** Each chunk the agent prints to stderr, unscrubbed (e.g. npm's output while npx fetches the agent). */
    readonly onStderr?: (chunk: string) => void;
}

/** qwen 0.24's `session/set_model` `_meta` key that keeps a switch out of its settings file (`qwen.session.modelPersistDefault`). */
const SESSION_ONLY_MODEL_SWITCH = { 'qwen.session.modelPersistDefault': false };

const STDERR_TAIL_BYTES = 4096;

/**
 * One ACP agent child (`gemini --acp`, `qwen --acp`, any other) and its ACP connection. `fs` and
 * `terminal` are advertised only when the handlers serve them: otherwise the agent reads and writes
 * files and runs commands itself.
 */
export class AgentProcess {
    private connection!: acp.ClientConnection;
    private stderrTail = '';
    private exitDescription: string | undefined;
    private readonly exitedPromise: Promise<AgentExitedError>;
    private resolveExited!: (error: AgentExitedError) => void;
    agentInfo: { name: string; version: string } | undefined;
    /** What `initialize` answered: capabilities and auth methods. */
    initializeResult: acp.InitializeResponse | undefined;

    private constructor(private readonly child: ChildProcess, private readonly options: AgentStartOptions) {
        this.exitedPromise = new Promise(resolve => { this.resolveExited = resolve; });
    }

    static async start(options: AgentStartOptions): Promise<AgentProcess> {
        const command = options.command ?? options.profile.command;
        // detached: the agent gets its own process group, which stop() kills as a whole.
        const child = spawn(command, [...options.profile.args], {
            cwd: options.cwd, env: { ...options.env, ...options.profile.env }, stdio: ['pipe', 'pipe', 'pipe'], detached: true
        });
        const agent = new AgentProcess(child, options);
        await agent.connect(command);
        return agent;
    }

    get pid(): number | undefined {
        return this.child.pid;
    }

    get isAlive(): boolean {
        return this.exitDescription === undefined;
    }

    /** Resolves (never rejects) when the process is gone, with what became of it. */
    get exited(): Promise<AgentExitedError> {
        return this.exitedPromise;
    }

    async newSession(cwd: string): Promise<string> {
        return (await this.newSessionWithState(cwd)).sessionId;
    }

    /** `session/new` with everything it answers (modes, models, configOptions). `mcpServers` is required by both CLIs. */
    async newSessionWithState(cwd: string, mcpServers: acp.McpServer[] = []): Promise<acp.NewSessionResponse> {
        return this.race(this.connection.agent.request('session/new', { cwd, mcpServers }));
    }

    /** What `initialize` said about load, resume, list, close and delete. */
    get sessionCapabilities(): AgentSessionCapabilities {
        return sessionCapabilitiesOf(this.initializeResult);
    }

    /** `session/load`: the agent replays the history as `session/update`s before it answers. */
    async loadSession(sessionId: string, cwd: string, mcpServers: acp.McpServer[] = []): Promise<acp.LoadSessionResponse> {
        return this.race(this.connection.agent.request('session/load', { sessionId, cwd, mcpServers }));
    }

    /** `session/resume`: the session again, without a replay. */
    async resumeSession(sessionId: string, cwd: string, mcpServers: acp.McpServer[] = []): Promise<acp.ResumeSessionResponse> {
        return this.race(this.connection.agent.request('session/resume', { sessionId, cwd, mcpServers }));
    }

    /** One page of `session/list`. */
    async listSessions(cwd?: string, cursor?: string): Promise<acp.ListSessionsResponse> {
        return this.race(this.connection.agent.request('session/list', { cwd, ...(cursor ? { cursor } : {}) }));
    }

    /** `session/delete` (the SDK resolves a session the agent does not know, -32002, as done). */
    async deleteSession(sessionId: string): Promise<void> {
        await this.race(this.connection.agent.request('session/delete', { sessionId }));
    }

    /** `session/set_config_option`; the answer is the session's whole new set. */
    async setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<acp.SessionConfigOption[]> {
        const params: acp.SetSessionConfigOptionRequest = typeof value === 'boolean'
            ? { sessionId, configId, type: 'boolean', value }
            : { sessionId, configId, value };
        return (await this.race(this.connection.agent.request('session/set_config_option', params))).configOptions;
    }

    async setMode(sessionId: string, modeId: string): Promise<void> {
        await this.race(this.connection.agent.request('session/set_mode', { sessionId, modeId }));
        // A mode decides whether edits are asked first: the log says when it changed, for the user and for a failing test.
        this.options.logger.info(`${this.options.profile.displayName}: session ${sessionId} is now in mode ${modeId}`);
    }

    /**
     * `session/set_model`, still outside the stable schema (SDK 2.4 has no typed call): both gemini 0.61 and
     * qwen 0.24 answer it (acp.md §2). gemini accepts any id, so the caller sends only ids the agent listed.
     * The switch is for this session only: qwen otherwise writes the model into the user's
     * ~/.qwen/settings.json as the default of every later qwen run; agents ignore `_meta` keys they do not know.
     */
    async setModel(sessionId: string, modelId: string): Promise<void> {
        await this.race(this.connection.agent.request('session/set_model', { sessionId, modelId, _meta: SESSION_ONLY_MODEL_SWITCH }));
    }

    async authenticate(methodId: string): Promise<void> {
        await this.race(this.connection.agent.request('authenticate', { methodId }));
    }

    /**
     * Ends a session where the agent supports `session/close` (true: sent); otherwise only cancels its turn
     * (the agent keeps the session until it exits).
     */
    async closeSession(sessionId: string): Promise<boolean> {
        if (!this.isAlive) {
            return false;
        }
        if (this.sessionCapabilities.close) {
            await this.race(this.connection.agent.request('session/close', { sessionId }));
            return true;
        }
        this.cancel(sessionId);
        return false;
    }

    async prompt(sessionId: string, prompt: acp.ContentBlock[]): Promise<acp.PromptResponse> {
        return this.race(this.connection.agent.request('session/prompt', { sessionId, prompt }));
    }

    /** A notification: the turn ends with stopReason "cancelled" once pending permissions are answered. */
    cancel(sessionId: string): void {
        if (this.isAlive) {
            this.connection.agent.notify('session/cancel', { sessionId }).catch(() => undefined);
        }
    }

    /** Closes stdin (both CLIs exit on EOF; gemini ignores SIGTERM), then kills whatever is left. */
    async stop(graceMs = 3000): Promise<void> {
        const pid = this.child.pid;
        if (pid === undefined) {
            return;
        }
        const descendants = descendantsOf(pid);
        if (this.isAlive) {
            this.child.stdin?.end();
            const timer = new Promise(resolve => setTimeout(resolve, graceMs).unref());
            await Promise.race([this.exitedPromise, timer]);
        }
        // The wrapper may have exited on EOF while a child of it lingers: kill the whole tree anyway.
        killTree(pid, [...new Set([...descendants, ...descendantsOf(pid)])]);
        this.connection?.close(new AgentExitedError('stopped'));
    }

    /** The end of what the agent printed to stderr, scrubbed: for error details. */
    get recentStderr(): string {
        return this.options.scrub(this.stderrTail.trim());
    }

    private async connect(command: string): Promise<void> {
        const { child, options } = this;
        const spawned = new Promise<void>((resolve, reject) => {
            child.once('spawn', resolve);
            child.once('error', error => reject((error as NodeJS.ErrnoException).code === 'ENOENT'
                ? new AgentNotFoundError(options.profile, command)
                : new Error(`Could not start ${command}: ${(error as Error).message}`)));
        });
        child.stderr!.setEncoding('utf8');
        child.stderr!.on('data', (chunk: string) => {
            this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
            options.onStderr?.(chunk);
        });
        child.on('exit', (code, signal) => {
            this.exitDescription = `${options.profile.displayName} exited (${signal ? `signal ${signal}` : `code ${code}`})`;
            const error = new AgentExitedError(this.exitDescription);
            this.connection?.close(error);
            this.resolveExited(error);
        });
        // Writes after the child died must not crash the server.
        child.stdin!.on('error', () => undefined);
        await spawned;
        const { handlers } = options;
        const app = clientApp(handlers, options);
        this.connection = app.connect(acp.ndJsonStream(
            Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>,
            Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>));
        const timeoutMs = options.startTimeoutMs ?? 60_000;
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`${options.profile.displayName} did not answer initialize within ${timeoutMs} ms.`)), timeoutMs);
        });
        try {
            const result = await Promise.race([timeout, this.race(this.connection.agent.request('initialize', {
                protocolVersion: acp.PROTOCOL_VERSION,
                clientCapabilities: clientCapabilities(handlers, options),
                clientInfo: { name: options.clientName ?? 'ai-cli-agent-api', version: '0.1.0' }
            }))]);
            this.initializeResult = result;
            if (result.agentInfo) {
                this.agentInfo = { name: result.agentInfo.name, version: result.agentInfo.version };
            }
        } catch (error) {
            await this.stop(0);
            const stderr = this.recentStderr;
            throw new Error(`${(error as Error).message}${stderr ? `\n${stderr}` : ''}`, { cause: error });
        } finally {
            clearTimeout(timer);
        }
    }

    /** A crashed agent never answers (acp.md §5): every request also ends when the process does. */
    private race<T>(request: Promise<T>): Promise<T> {
        return Promise.race([request, this.exitedPromise.then(error => { throw error; })]);
    }
}
