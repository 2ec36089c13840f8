import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as acp from '@agentclientprotocol/sdk';
import { withoutSecrets } from '@ai-cli-companion/node-base';
import { killTree } from './process-tree';
import {
    DEFAULT_TERMINAL_OUTPUT_LIMIT, MAX_SESSION_OUTPUT_BYTES, MAX_TERMINALS_PER_SESSION, MAX_TERMINAL_OUTPUT_LIMIT, TerminalOutputBuffer
} from './terminal-output-buffer';

/** The `terminal/*` requests an agent sends, for one session (routed by the engine like `fs/*`). */
export interface TerminalRequestHandlers {
    create(request: acp.CreateTerminalRequest): Promise<acp.CreateTerminalResponse>;
    output(request: acp.TerminalOutputRequest): Promise<acp.TerminalOutputResponse>;
    waitForExit(request: acp.WaitForTerminalExitRequest): Promise<acp.WaitForTerminalExitResponse>;
    kill(request: acp.KillTerminalRequest): Promise<acp.KillTerminalResponse>;
    release(request: acp.ReleaseTerminalRequest): Promise<acp.ReleaseTerminalResponse>;
}

export interface TerminalExit {
    readonly exitCode: number | null;
    readonly signal: string | null;
}

/** Who watches one terminal (e.g. to show its output live); called as output arrives and once at exit. */
export interface TerminalWatcher {
    onOutput?(chunk: Buffer): void;
    onExit?(exit: TerminalExit): void;
}

/** What one session's terminals are allowed: the host's policy, applied to every `terminal/create`. */
export interface TerminalPolicy {
    /** Owner key: every terminal of it is released together (a chat session, a window). */
    readonly owner: string;
    /** The working directory for a requested one (undefined: the session's default); throws a JSON-RPC error when refused. */
    cwd(requested: string | undefined): string;
    /**
     * The environment the command starts with (the agent's own), less every credential (node-base's
     * withoutSecrets: a command needs no key, and its output goes back to the agent); the request's
     * variables go on top.
     */
    readonly env: NodeJS.ProcessEnv;
    /** Terminals the owner may hold at once, running or not yet released (MAX_TERMINALS_PER_SESSION by default). */
    readonly maxTerminals?: number;
    /** Output the owner's terminals may keep together (MAX_SESSION_OUTPUT_BYTES by default). */
    readonly maxOutputBytes?: number;
    /** Called when a terminal starts, before the agent hears its id. */
    watch?(terminal: ClientTerminal): TerminalWatcher | undefined;
}

/** One command the agent runs through `terminal/create`: its process group and its retained output. */
export class ClientTerminal {
    exit: TerminalExit | undefined;
    readonly exited: Promise<TerminalExit>;
    private readonly buffer: TerminalOutputBuffer;

    constructor(readonly id: string, readonly owner: string, readonly sessionId: string, readonly commandLine: string,
        private readonly child: ChildProcess, readonly outputByteLimit: number, watcher: TerminalWatcher | undefined) {
        this.buffer = new TerminalOutputBuffer(outputByteLimit);
        const take = (chunk: Buffer) => {
            this.buffer.append(chunk);
            watcher?.onOutput?.(chunk);
        };
        child.stdout!.on('data', take);
        child.stderr!.on('data', take);
        this.exited = new Promise(resolve => {
            child.once('exit', (exitCode, signal) => {
                const exit = { exitCode, signal };
                // What is still in the pipes belongs to the output; a grandchild holding them open must not stall the answer.
                const done = () => {
                    if (!this.exit) {
                        this.exit = exit;
                        watcher?.onExit?.(exit);
                        resolve(exit);
                    }
                };
                child.once('close', done);
                setTimeout(done, 250).unref();
            });
        });
    }

    get pid(): number | undefined {
        return this.child.pid;
    }

    /** Output bytes held for `terminal/output`. */
    get keptBytes(): number {
        return this.buffer.keptBytes;
    }

    output(): acp.TerminalOutputResponse {
        const { output, truncated } = this.buffer.read(this.exit !== undefined);
        return this.exit ? { output, truncated, exitStatus: { ...this.exit } } : { output, truncated };
    }

    /** SIGKILLs the command's process group and every descendant (a shell's children too). */
    kill(): void {
        if (!this.exit && this.child.pid !== undefined) {
            killTree(this.child.pid);
        }
    }
}

/**
 * ACP's client terminal capability: `terminal/create` spawns the command, `output` / `wait_for_exit`
 * / `kill` / `release` act on it. A command with `args` runs without a shell (the arguments reach it
 * verbatim); a command line without `args` (what Zed's Claude Code adapter sends for its Bash tool;
 * Zed runs every terminal command through a shell, preferring bash) runs through bash. Terminals belong
 * to an owner; `releaseOwner` and `releaseAll` kill and forget them when a session, a window or the
 * app goes away. An owner holds a bounded number of terminals and of kept output bytes: each
 * terminal reserves its `outputByteLimit` (bounded by ours) from the owner's budget until released,
 * so a hostile agent cannot fill the backend's memory. A host declares `terminal` only by serving
 * these handlers.
 */
export class ClientTerminals {
    private readonly terminals = new Map<string, ClientTerminal>();
    /** Per owner: terminals held or starting, and the output bytes they reserved. */
    private readonly usage = new Map<string, { terminals: number; bytes: number }>();
    private next = 0;

    /** The handlers for one session, under `policy`. */
    handlersFor(policy: TerminalPolicy): TerminalRequestHandlers {
        return {
            create: async request => ({ terminalId: (await this.create(policy, request)).id }),
            output: async request => this.find(policy, request).output(),
            waitForExit: async request => ({ ...await this.find(policy, request).exited }),
            kill: async request => {
                this.find(policy, request).kill();
                return {};
            },
            release: async request => {
                this.release(this.find(policy, request));
                return {};
            }
        };
    }

    async create(policy: TerminalPolicy, request: acp.CreateTerminalRequest): Promise<ClientTerminal> {
        if (typeof request.command !== 'string' || request.command === '') {
            throw acp.RequestError.invalidParams(undefined, 'terminal/create needs a command');
        }
        const cwd = policy.cwd(request.cwd ?? undefined);
        const env = withoutSecrets(policy.env);
        for (const variable of request.env ?? []) {
            env[variable.name] = variable.value;
        }
        const args = request.args ?? [];
        const limit = this.reserve(policy, request.outputByteLimit);
        // detached: the command leads its own process group, which kill() takes down whole.
        let child: ChildProcess;
        try {
            child = spawn(request.command, args, {
                cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true, shell: needsShell(request.command, args) ? shellFor() : false
            });
            await new Promise<void>((resolve, reject) => {
                child.once('spawn', resolve);
                child.once('error', error => reject(acp.RequestError.invalidParams(undefined, spawnFailure(request.command, cwd, error))));
            });
        } catch (error) {
            this.unreserve(policy.owner, limit);
            throw error instanceof acp.RequestError ? error
                : acp.RequestError.invalidParams(undefined, `cannot run "${request.command}": ${(error as Error).message}`);
        }
        const id = `terminal-${process.pid}-${++this.next}`;
        const commandLine = [request.command, ...args].map(quoteForDisplay).join(' ');
        // The watcher needs the terminal; output that comes before it is set is still buffered.
        const watching: { watcher?: TerminalWatcher } = {};
        const terminal = new ClientTerminal(id, policy.owner, request.sessionId, commandLine, child, limit, {
            onOutput: chunk => watching.watcher?.onOutput?.(chunk),
            onExit: exit => watching.watcher?.onExit?.(exit)
        });
        watching.watcher = policy.watch?.(terminal);
        this.terminals.set(id, terminal);
        return terminal;
    }

    /** Kills the command if it still runs; the id is unknown from now on, and its share of the owner's budget free. */
    release(terminal: ClientTerminal): void {
        terminal.kill();
        if (this.terminals.delete(terminal.id)) {
            this.unreserve(terminal.owner, terminal.outputByteLimit);
        }
    }

    /** Every terminal of an owner killed and released; how many there were. */
    releaseOwner(owner: string): number {
        const owned = [...this.terminals.values()].filter(terminal => terminal.owner === owner);
        owned.forEach(terminal => this.release(terminal));
        return owned.length;
    }

    releaseAll(): void {
        [...this.terminals.values()].forEach(terminal => this.release(terminal));
    }

    /** Process ids of the commands still running. */
    get pids(): number[] {
        return [...this.terminals.values()].filter(terminal => !terminal.exit && terminal.pid !== undefined).map(terminal => terminal.pid!);
    }

    get size(): number {
        return this.terminals.size;
    }

    /** Output bytes held now, by every terminal or by one owner's. */
    keptBytes(owner?: string): number {
        return [...this.terminals.values()].filter(terminal => owner === undefined || terminal.owner === owner)
            .reduce((sum, terminal) => sum + terminal.keptBytes, 0);
    }

    /**
     * Counts a terminal against its owner's caps before it starts, or refuses it with a clear error;
     * the output it may keep: what the agent asked (our default if nothing), at most our per-terminal
     * cap and what is left of the owner's budget.
     */
    private reserve(policy: TerminalPolicy, requested: number | null | undefined): number {
        const maxTerminals = policy.maxTerminals ?? MAX_TERMINALS_PER_SESSION;
        const maxBytes = policy.maxOutputBytes ?? MAX_SESSION_OUTPUT_BYTES;
        const usage = this.usage.get(policy.owner) ?? { terminals: 0, bytes: 0 };
        if (usage.terminals >= maxTerminals) {
            throw acp.RequestError.invalidParams({ maxTerminals },
                `too many terminals: this session already holds ${usage.terminals}, the most it may. ` +
                'Release one (terminal/release) before creating another.');
        }
        const asked = Math.min(Math.max(0, requested ?? DEFAULT_TERMINAL_OUTPUT_LIMIT), MAX_TERMINAL_OUTPUT_LIMIT);
        const limit = Math.min(asked, maxBytes - usage.bytes);
        if (limit <= 0 && asked > 0) {
            throw acp.RequestError.invalidParams({ maxOutputBytes: maxBytes },
                `no output budget left: this session's ${usage.terminals} terminals keep ${formatBytes(usage.bytes)} of output, ` +
                `the most it may. Release one (terminal/release) before creating another.`);
        }
        this.usage.set(policy.owner, { terminals: usage.terminals + 1, bytes: usage.bytes + limit });
        return limit;
    }

    private unreserve(owner: string, bytes: number): void {
        const usage = this.usage.get(owner);
        if (!usage) {
            return;
        }
        if (usage.terminals <= 1) {
            this.usage.delete(owner);
        } else {
            this.usage.set(owner, { terminals: usage.terminals - 1, bytes: usage.bytes - bytes });
        }
    }

    /** The terminal the request names, only if it belongs to this owner and session. */
    private find(policy: TerminalPolicy, request: { sessionId: string; terminalId: string }): ClientTerminal {
        const terminal = this.terminals.get(request.terminalId);
        if (!terminal || terminal.owner !== policy.owner || terminal.sessionId !== request.sessionId) {
            throw acp.RequestError.invalidParams({ terminalId: request.terminalId },
                `unknown terminal "${request.terminalId}" (never created in this session, or already released)`);
        }
        return terminal;
    }
}

/** A command line rather than an executable: whitespace or shell syntax, and no separate arguments. */
export function needsShell(command: string, args: readonly string[]): boolean {
    if (args.length > 0 || (path.isAbsolute(command) && fs.existsSync(command))) {
        return false; // e.g. "/opt/My Tools/run"
    }
    return /[\s|&;<>()$`\\"'*?[\]#~=%{}!]/.test(command);
}

/** bash where there is one (agents write Bash one-liners; Zed prefers bash too), else the POSIX shell. */
function shellFor(): string | true {
    if (process.platform === 'win32') {
        return true;
    }
    return ['/bin/bash', '/usr/bin/bash'].find(candidate => fs.existsSync(candidate)) ?? '/bin/sh';
}

function spawnFailure(command: string, cwd: string, error: Error): string {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return `cannot run "${command}" in ${cwd}: not found.`;
    }
    return `cannot run "${command}": ${error.message}`;
}

function formatBytes(bytes: number): string {
    return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

function quoteForDisplay(word: string): string {
    return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
