import { CodexWindow } from './codex-ide-context';
import { CodexIpcService, CodexIpcServiceOptions, CodexIpcStatus } from './codex-ipc-service';
import { codexSocketPaths, currentUid } from './codex-ipc-socket-path';

export interface CodexIpcSocketsOptions extends Omit<CodexIpcServiceOptions, 'socketPath'> {
    /** Default: every path where Codex looks ({@link codexSocketPaths}) for `env`. */
    readonly socketPaths?: readonly string[];
    /** The environment the CLI terminals get (their CODEX_HOME, HOME and TMPDIR). Default: this process's. */
    readonly env?: NodeJS.ProcessEnv;
}

/**
 * Codex's IDE socket on every path where Codex looks: since 0.171 `<codex home>/ipc/ipc.sock` first, then
 * `$TMPDIR/codex-ipc/ipc-<uid>.sock`. Codex asks the first socket it can connect to and no other, so
 * answering on the TMPDIR path alone is not enough once Codex's own editor extension serves the first one.
 * Each path is one CodexIpcService: it owns the socket when nobody does, and joins as a client when a live
 * server (Codex's own extension, its desktop app, another companion) serves it — that socket is never
 * replaced, and the owner asks us for our folders through it.
 */
export class CodexIpcSockets {
    readonly services: readonly CodexIpcService[];

    constructor(options: CodexIpcSocketsOptions = {}) {
        const uid = options.uid ?? currentUid();
        const paths = options.socketPaths ?? codexSocketPaths(options.env ?? process.env, uid);
        this.services = [...new Set(paths)].map(socketPath => new CodexIpcService({ ...options, uid, socketPath }));
    }

    /** A window answers for its folders on every socket; call the result when it is gone. */
    addWindow(window: CodexWindow): () => void {
        const removes = this.services.map(service => service.addWindow(window));
        return () => removes.forEach(remove => remove());
    }

    /** One status per path, in Codex's order. */
    statuses(): CodexIpcStatus[] {
        return this.services.map(service => service.status());
    }

    onDidChange(listener: () => void): () => void {
        const stops = this.services.map(service => service.onDidChange(listener));
        return () => stops.forEach(stop => stop());
    }

    /** Owns or joins each socket; one path that is left alone does not keep the others from serving. */
    async start(): Promise<void> {
        await Promise.all(this.services.map(service => service.start()));
    }

    async stop(): Promise<void> {
        await Promise.all(this.services.map(service => service.stop()));
    }

    /** Synchronous, for a process 'exit' handler: our sockets go, anyone else's stay. */
    removeSocketSync(): void {
        this.services.forEach(service => service.removeSocketSync());
    }
}
