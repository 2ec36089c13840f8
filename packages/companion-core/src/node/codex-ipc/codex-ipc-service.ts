import * as net from 'net';
import * as path from 'path';
import { Logger, silentLogger } from '@ai-cli-companion/node-base';
import { CodexWindow } from './codex-ide-context';
import { CodexIdeHandler } from './codex-ide-handler';
import { CodexIpcMember } from './codex-ipc-member';
import { CodexIpcRouter } from './codex-ipc-router';
import { codexSocketPath, currentUid, inspectSocketPath, preparePrivateDirectory, socketPathTooLong, unlinkSocketIfSame } from './codex-ipc-socket-path';

export interface CodexIpcServiceOptions {
    /** Default: where Codex looks second, `$TMPDIR/codex-ipc/ipc-<uid>.sock` (CodexIpcSockets serves both paths). */
    readonly socketPath?: string;
    readonly uid?: number;
    readonly logger?: Logger;
    readonly maxFrameBytes?: number;
    readonly discoveryTimeoutMs?: number;
    readonly requestTimeoutMs?: number;
}

export type CodexIpcRole = 'owner' | 'member' | 'off';

export interface CodexIpcStatus {
    readonly socketPath: string;
    /** Owner: we serve the socket; member: another app does and we answer through it; off: neither. */
    readonly role: CodexIpcRole;
    /** Why we are off, or the last problem. */
    readonly error?: string;
    /** As owner: the clients connected to us, by type (Codex 0.169.0's CLI: "codex-tui"). */
    readonly clientTypes: readonly string[];
}

/** How often a claim is retried when another app races us for the socket. */
const MAX_CLAIM_ATTEMPTS = 8;

/**
 * Codex's IDE socket for the whole app (every window of this backend): it owns the socket when nobody
 * else does, joins the owner as a client when someone does (Codex's desktop app or VS Code extension,
 * or another Theia app), and takes the socket over when that owner exits. A path that is not a socket
 * of ours, or a folder that is not ours, is left alone.
 */
export class CodexIpcService {
    readonly socketPath: string;
    private readonly uid: number;
    private readonly logger: Logger;
    private readonly handler = new CodexIdeHandler();
    private server: net.Server | undefined;
    private router: CodexIpcRouter | undefined;
    private member: CodexIpcMember | undefined;
    /** The inode of the socket we bound: removed on exit only if it is still ours. */
    private boundIno: number | undefined;
    private role: CodexIpcRole = 'off';
    private error: string | undefined;
    private stopped = false;
    private claiming: Promise<void> | undefined;
    private readonly listeners = new Set<() => void>();

    constructor(private readonly options: CodexIpcServiceOptions = {}) {
        this.uid = options.uid ?? currentUid();
        this.socketPath = options.socketPath ?? codexSocketPath(process.env, this.uid);
        this.logger = options.logger ?? silentLogger;
    }

    /** A window answers for its folders from now on; call the result when it is gone. */
    addWindow(window: CodexWindow): () => void {
        return this.handler.addWindow(window);
    }

    status(): CodexIpcStatus {
        return { socketPath: this.socketPath, role: this.role, error: this.error, clientTypes: this.router?.clientTypes() ?? [] };
    }

    onDidChange(listener: () => void): () => void {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    }

    /** Owns or joins the socket; resolves once one of them happened (or why neither could). */
    start(): Promise<void> {
        if (process.platform === 'win32') {
            this.setRole('off', 'Codex uses a named pipe on Windows, which this companion does not serve');
            return Promise.resolve();
        }
        return this.claim();
    }

    async stop(): Promise<void> {
        this.stopped = true;
        this.member?.close();
        this.member = undefined;
        this.router?.close();
        this.router = undefined;
        this.removeSocketSync();
        const server = this.server;
        this.server = undefined;
        await new Promise<void>(resolve => server ? server.close(() => resolve()) : resolve());
        this.setRole('off');
        this.listeners.clear();
    }

    /** Synchronous, for a process 'exit' handler: our socket goes, anyone else's stays. */
    removeSocketSync(): void {
        if (this.boundIno !== undefined) {
            unlinkSocketIfSame(this.socketPath, this.boundIno);
            this.boundIno = undefined;
        }
    }

    private claim(): Promise<void> {
        this.claiming ??= this.claimOnce().finally(() => this.claiming = undefined);
        return this.claiming;
    }

    private async claimOnce(): Promise<void> {
        const tooLong = socketPathTooLong(this.socketPath);
        if (tooLong) {
            this.setRole('off', tooLong);
            this.logger.warn(`Codex IDE socket: ${tooLong}`);
            return;
        }
        for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS && !this.stopped; attempt++) {
            const directoryError = preparePrivateDirectory(path.dirname(this.socketPath), this.uid);
            if (directoryError) {
                this.setRole('off', directoryError);
                this.logger.warn(`Codex IDE socket: ${directoryError}`);
                return;
            }
            const state = inspectSocketPath(this.socketPath, this.uid);
            if (state.kind === 'foreign') {
                this.setRole('off', state.reason);
                this.logger.warn(`Codex IDE socket: ${state.reason}`);
                return;
            }
            if (state.kind === 'absent') {
                if (await this.listen()) {
                    return;
                }
            } else {
                const socket = await connectTo(this.socketPath);
                if (socket) {
                    this.join(socket);
                    return;
                }
                // Nobody listens: a stale socket of ours (a crashed owner). Remove exactly that one.
                if (unlinkSocketIfSame(this.socketPath, state.ino)) {
                    this.logger.info(`Codex IDE socket: removed the stale ${this.socketPath}`);
                }
            }
            await pause(10 + Math.floor(Math.random() * 40) * (attempt + 1)); // another app is claiming too
        }
        if (!this.stopped) {
            this.setRole('off', `could not own or join ${this.socketPath}`);
        }
    }

    /** True once we serve the socket; false if another app bound it first. */
    private listen(): Promise<boolean> {
        return new Promise(resolve => {
            const router = new CodexIpcRouter({
                handler: this.handler, logger: this.logger, maxFrameBytes: this.options.maxFrameBytes,
                discoveryTimeoutMs: this.options.discoveryTimeoutMs, requestTimeoutMs: this.options.requestTimeoutMs,
                onChange: () => this.fire()
            });
            const server = net.createServer({ pauseOnConnect: false });
            const refused = (error: Error) => {
                server.close();
                if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') {
                    this.logger.warn(`Codex IDE socket: cannot listen on ${this.socketPath}: ${error.message}`);
                }
                resolve(false);
            };
            server.once('error', refused);
            server.listen(this.socketPath, () => {
                server.off('error', refused); // from now on an error is logged, not a lost claim
                if (this.stopped) {
                    server.close();
                    resolve(true);
                    return;
                }
                const bound = inspectSocketPath(this.socketPath, this.uid);
                this.boundIno = bound.kind === 'socket' ? bound.ino : undefined;
                server.on('error', error => this.logger.warn(`Codex IDE socket: ${error.message}`));
                router.serve(server);
                this.server = server;
                this.router = router;
                this.setRole('owner');
                this.logger.info(`Codex IDE socket: serving ${this.socketPath}`);
                resolve(true);
            });
        });
    }

    private join(socket: net.Socket): void {
        this.member = new CodexIpcMember(socket, {
            handler: this.handler,
            maxFrameBytes: this.options.maxFrameBytes,
            onClosed: reason => {
                this.member = undefined;
                if (this.stopped) {
                    return;
                }
                this.logger.info(`Codex IDE socket: the owner went away${reason ? ` (${reason})` : ''}; taking over`);
                this.setRole('off');
                void this.claim();
            }
        });
        this.setRole('member');
        this.logger.info(`Codex IDE socket: ${this.socketPath} is served by another app; answering for our folders through it`);
    }

    private setRole(role: CodexIpcRole, error?: string): void {
        this.role = role;
        this.error = error;
        this.fire();
    }

    private fire(): void {
        this.listeners.forEach(listener => listener());
    }
}

/** A connected socket, or undefined when nobody listens there. */
function connectTo(socketPath: string): Promise<net.Socket | undefined> {
    return new Promise(resolve => {
        const socket = net.createConnection(socketPath);
        socket.once('connect', () => {
            socket.removeAllListeners('error');
            resolve(socket);
        });
        socket.once('error', () => {
            socket.destroy();
            resolve(undefined);
        });
    });
}

function pause(ms: number): Promise<void> {
    return new Promise(resolve => setTimeout(resolve, ms).unref());
}
