import { ChildProcess, spawn } from 'child_process';
import { Readable, Writable } from 'stream';
import * as acp from '@agentclientprotocol/sdk';
import type { AgentLogger } from '../agent-logger';
import { AgentProfile } from './agent-profiles';
import { descendantsOf, killTree } from './process-tree';

export interface AgentHandlers {
    onUpdate(sessionId: string, update: acp.SessionUpdate): void;
    /** Resolves with the user's answer; `signal` aborts if the agent withdraws the request. */
    onPermission(request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse>;
}

export interface AgentStartOptions {
    readonly profile: AgentProfile;
    /** Executable to run; the profile's command (looked up on PATH) when undefined. */
    readonly command?: string;
    readonly cwd: string;
    readonly env: NodeJS.ProcessEnv;
    readonly handlers: AgentHandlers;
    readonly logger: AgentLogger;
    /** Applied to anything the agent prints before it reaches a log line or an error text. */
    readonly scrub: (text: string) => string;
    readonly startTimeoutMs?: number;
}

/** Raised for every request still pending when the agent process goes away. */
export class AgentExitedError extends Error {
    constructor(readonly description: string) {
        super(description);
    }
}

const STDERR_TAIL_BYTES = 4096;

/**
 * One `gemini --acp` / `qwen --acp` child and its ACP connection. We advertise no `fs` and no
 * terminal capability: the CLI then reads and writes files itself (gemini's write_file fails
 * without asking when an advertised fs/read_text_file errors on a new file).
 */
export class AgentProcess {
    private connection!: acp.ClientConnection;
    private stderrTail = '';
    private exitDescription: string | undefined;
    private readonly exitedPromise: Promise<AgentExitedError>;
    private resolveExited!: (error: AgentExitedError) => void;
    agentInfo: { name: string; version: string } | undefined;

    private constructor(private readonly child: ChildProcess, private readonly options: AgentStartOptions) {
        this.exitedPromise = new Promise(resolve => { this.resolveExited = resolve; });
    }

    static async start(options: AgentStartOptions): Promise<AgentProcess> {
        const command = options.command ?? options.profile.command;
        // detached: the agent gets its own process group, which stop() kills as a whole.
        const child = spawn(command, [...options.profile.args], {
            cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true
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
        const result = await this.race(this.connection.agent.request('session/new', { cwd, mcpServers: [] }));
        return result.sessionId;
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
            child.once('error', error => reject(new Error((error as NodeJS.ErrnoException).code === 'ENOENT'
                ? `${options.profile.displayName} was not found: "${command}" is not on PATH. Install it ` +
                  `(npm install -g ${options.profile.id === 'gemini' ? '@google/gemini-cli' : '@qwen-code/qwen-code'}) or pass --agent-command PATH.`
                : `Could not start ${command}: ${(error as Error).message}`)));
        });
        child.stderr!.setEncoding('utf8');
        child.stderr!.on('data', (chunk: string) => {
            this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
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
        const app = acp.client({ name: 'ai-cli-agent-api' } as never)
            .onRequest('session/request_permission', ({ params, signal }) => options.handlers.onPermission(params, signal))
            .onNotification('session/update', ({ params }) => options.handlers.onUpdate(params.sessionId, params.update))
            // e.g. qwen's craft/drainMidTurnQueue: not ours to answer.
            .onRequest('*', ({ method }) => { throw acp.RequestError.methodNotFound(method); })
            .onNotification('*', () => undefined);
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
                clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
                clientInfo: { name: 'ai-cli-agent-api', version: '0.1.0' }
            }))]);
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
