import * as fs from 'fs';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Logger, silentLogger } from '@ai-cli-companion/node-base';
import { Clock, systemClock } from '../../common/clock';
import type { FileDiagnostics } from '../../common/claude-ide-wire';
import { McpHttpServer, McpSession } from '../mcp-http-server';
import { createIdeToolsServer } from '../ide-tools-server';
import { DISCOVERY_FILE_MARKER } from '../discovery-file';
import { HostEnvironment } from '../host-paths';
import { COPILOT_IDE_TOOLS, CopilotIdeHost, CopilotIdeTools } from './copilot-ide-tools';
import { COPILOT_MCP_SERVER_NAME, CopilotAddSelection, CopilotNotifications, CopilotSelection, copilotDiagnosticsOf } from './copilot-ide-wire';
import { COPILOT_PROFILE_ID, CopilotLockContent, CopilotLockFile, newNonce } from './copilot-lock-file';
import { newCopilotSocketPath, removeCopilotSocketSync, removeStaleCopilotSockets } from './copilot-socket-folder';
import { CopilotNonceGuard } from './copilot-nonce-guard';

/** Notifications wait this long for the editor to settle (a drag-selection, a build's burst of markers). */
export const COPILOT_NOTIFY_DEBOUNCE_MS = 200;

export interface CopilotIdeServerOptions {
    readonly host: HostEnvironment;
    /** What the CLI says it connected to ("Connected to <ideName>"). */
    readonly ideName: string;
    readonly serverVersion: string;
    /** Written as the lock's pid: the CLI skips a lock whose pid is dead. */
    readonly backendPid: number;
    /** The diff broker, the window's problems and its selection; `sessionNamed` is wrapped by the server. */
    readonly ide: Omit<CopilotIdeHost, 'sessionNamed' | 'info'>;
    readonly maxSessions?: number;
    readonly logger?: Logger;
    readonly clock?: Clock;
    /** A session opened, ended or was named. */
    readonly onChange?: () => void;
    /** A session ended: its open reviews have nobody to answer. */
    readonly onSessionEnded?: (sessionId: string) => void;
}

export interface CopilotIdeSession {
    readonly id: string;
    readonly owner: string;
    readonly createdAt: number;
    readonly streaming: boolean;
    /** What the CLI named it (update_session_name). */
    readonly name?: string;
    /** The CLI's process, as it names it in every request (X-Copilot-PID): which terminal runs it. */
    readonly pid?: number;
}

/**
 * Copilot CLI's IDE server for one window: MCP Streamable HTTP (the same session layer as the other CLIs')
 * on a Unix socket of its own, found through a lock file with a nonce, and the two notifications, debounced.
 */
export class CopilotIdeServer {
    private readonly logger: Logger;
    private readonly clock: Clock;
    private readonly lock: CopilotLockFile;
    private readonly nonce = newNonce();
    /** Each session's SDK server, and the names the CLIs gave their sessions. */
    private readonly servers = new Map<string, Server>();
    private readonly names = new Map<string, string>();
    private http: McpHttpServer | undefined;
    private socketPath: string | undefined;
    private workspace: { roots: readonly string[]; trusted?: boolean } = { roots: [] };
    private selection: CopilotSelection | undefined;
    private selectionText: string | undefined;
    private selectionTimer: unknown;
    private readonly changedUris = new Set<string>();
    private diagnosticsTimer: unknown;
    private error: string | undefined;

    constructor(private readonly options: CopilotIdeServerOptions) {
        this.logger = options.logger ?? silentLogger;
        this.clock = options.clock ?? systemClock;
        this.lock = new CopilotLockFile(options.host);
    }

    get running(): boolean {
        return this.http !== undefined;
    }

    /** The lock file while it is on disk. */
    get lockFile(): string | undefined {
        return this.lock.file;
    }

    /** Why the lock could not be written, if it could not. */
    get lastError(): string | undefined {
        return this.error;
    }

    get socket(): string | undefined {
        return this.socketPath;
    }

    get sessionList(): CopilotIdeSession[] {
        return (this.http?.sessionList ?? []).map(s => ({
            id: s.id, owner: s.owner, createdAt: s.createdAt, streaming: s.transport.hasStream, name: this.names.get(s.id), pid: s.pid
        }));
    }

    /** Listens on a fresh socket in a private folder made for it and writes the lock. */
    async start(workspace?: { roots: readonly string[]; trusted?: boolean }): Promise<void> {
        if (this.http) {
            return;
        }
        if (workspace) {
            this.workspace = workspace;
        }
        for (const socket of await removeStaleCopilotSockets(this.options.host)) {
            this.logger.info(`Removed stale Copilot CLI socket ${socket}`);
        }
        const socketPath = newCopilotSocketPath(this.options.host);
        const http = new McpHttpServer({
            socketPath,
            guard: new CopilotNonceGuard(COPILOT_PROFILE_ID, this.nonce),
            tokens: new Map([[COPILOT_PROFILE_ID, this.nonce]]),
            maxSessionsPerOwner: this.options.maxSessions,
            clientPidHeader: 'x-copilot-pid',
            clock: this.options.clock,
            logger: this.logger,
            connectSession: session => this.connect(session)
        });
        http.addListener({
            opened: () => this.options.onChange?.(),
            closed: session => {
                this.servers.delete(session.id);
                this.names.delete(session.id);
                this.options.onSessionEnded?.(session.id);
                this.options.onChange?.();
            }
        });
        try {
            await http.listen();
            fs.chmodSync(socketPath, 0o600);
        } catch (error) {
            await http.close().catch(() => undefined);
            removeCopilotSocketSync(socketPath);
            throw error;
        }
        this.http = http;
        this.socketPath = socketPath;
        this.writeLock();
        this.logger.info(`Copilot CLI IDE server listening on ${socketPath}`);
    }

    /** New roots or trust: the lock is rewritten (the CLI matches its folder against workspaceFolders). */
    setWorkspace(workspace: { roots: readonly string[]; trusted?: boolean }): void {
        this.workspace = workspace;
        this.writeLock();
    }

    /** The focused editor's selection changed: every session hears the latest after the debounce. */
    updateSelection(selection: CopilotSelection | undefined): void {
        const text = JSON.stringify(selection);
        if (selection === undefined || text === this.selectionText) {
            return;
        }
        this.selection = selection;
        this.selectionText = text;
        this.clock.clearTimeout(this.selectionTimer);
        this.selectionTimer = this.clock.setTimeout(() => {
            this.selectionTimer = undefined;
            this.servers.forEach(server => void this.notify(server, CopilotNotifications.selection, selection));
        }, COPILOT_NOTIFY_DEBOUNCE_MS);
    }

    /** The problems of these files changed: after the debounce every session gets their current ones. */
    diagnosticsChanged(uris: readonly string[]): void {
        uris.forEach(uri => this.changedUris.add(uri));
        this.clock.clearTimeout(this.diagnosticsTimer);
        this.diagnosticsTimer = this.clock.setTimeout(() => void this.sendDiagnostics(), COPILOT_NOTIFY_DEBOUNCE_MS);
    }

    /** *Send Selection to CLI*: the CLI types the reference into its input itself. False when that session is gone. */
    async addSelection(sessionId: string, reference: CopilotAddSelection): Promise<boolean> {
        const server = this.servers.get(sessionId);
        if (!server) {
            return false;
        }
        await this.notify(server, CopilotNotifications.addSelection, reference);
        return true;
    }

    /**
     * *Send to Copilot CLI* from the Explorer: one `add_file_reference` per path, in the Explorer's order (1.0.102
     * inserts each at its cursor, and two that come close together may land in either order). False when that
     * session is gone.
     */
    async addFileReferences(sessionId: string, references: readonly CopilotAddSelection[]): Promise<boolean> {
        const server = this.servers.get(sessionId);
        if (!server) {
            return false;
        }
        for (const reference of references) {
            await this.notify(server, CopilotNotifications.addFileReference, reference);
        }
        return true;
    }

    /** The lock and the socket file; synchronous so it can run in a process 'exit' handler. */
    removeLockSync(): void {
        this.lock.removeSync();
        if (this.socketPath) {
            removeCopilotSocketSync(this.socketPath);
        }
    }

    async stop(): Promise<void> {
        this.lock.removeSync();
        this.clock.clearTimeout(this.selectionTimer);
        this.clock.clearTimeout(this.diagnosticsTimer);
        const http = this.http;
        this.http = undefined;
        await http?.close();
        if (this.socketPath) {
            removeCopilotSocketSync(this.socketPath);
            this.socketPath = undefined;
        }
    }

    private writeLock(): void {
        if (!this.http || !this.socketPath) {
            return;
        }
        const { ideName, backendPid, serverVersion } = this.options;
        try {
            this.lock.write(this.lockContent(ideName, backendPid, serverVersion));
            this.error = undefined;
        } catch (error) {
            this.error = `Cannot write ${this.lock.path}: ${(error as Error).message}`;
            this.logger.error(this.error);
        }
    }

    private lockContent(ideName: string, backendPid: number, serverVersion: string): CopilotLockContent {
        return {
            socketPath: this.socketPath!,
            scheme: 'pipe',
            headers: { Authorization: `Nonce ${this.nonce}` },
            pid: backendPid,
            ideName,
            timestamp: this.clock.now(),
            workspaceFolders: [...this.workspace.roots],
            // Trust switched off in the IDE (undefined) leaves the folder to the CLI's own trust prompt.
            isTrusted: this.workspace.trusted === true,
            ppid: backendPid,
            [DISCOVERY_FILE_MARKER]: serverVersion
        };
    }

    private async connect(session: McpSession): Promise<{ close(): Promise<void> }> {
        const tools = new CopilotIdeTools(session, {
            ...this.options.ide,
            info: () => ({ ideName: this.options.ideName, appName: this.options.ideName, version: this.options.serverVersion, processId: this.options.backendPid }),
            sessionNamed: (_id, name) => {
                this.names.set(session.id, name);
                this.options.onChange?.();
            }
        });
        const server = createIdeToolsServer({
            name: COPILOT_MCP_SERVER_NAME, version: this.options.serverVersion, tools: COPILOT_IDE_TOOLS,
            call: (name, args, signal) => tools.call(name, args, signal)
        });
        server.oninitialized = () => {
            if (this.selection) {
                void this.notify(server, CopilotNotifications.selection, this.selection);
            }
        };
        this.servers.set(session.id, server);
        await server.connect(session.transport);
        return server;
    }

    private async sendDiagnostics(): Promise<void> {
        this.diagnosticsTimer = undefined;
        const uris = [...this.changedUris];
        this.changedUris.clear();
        if (this.servers.size === 0) {
            return;
        }
        const files: FileDiagnostics[] = [];
        for (const uri of uris) {
            const found = await this.options.ide.diagnostics(uri).catch(() => []);
            files.push(found.find(file => file.uri === uri) ?? { uri, diagnostics: [] });
        }
        const params = { uris: copilotDiagnosticsOf(files).map(({ uri, diagnostics }) => ({ uri, diagnostics })) };
        this.servers.forEach(server => void this.notify(server, CopilotNotifications.diagnostics, params));
    }

    private async notify(server: Server, method: string, params: object): Promise<void> {
        try {
            await server.notification({ method, params: params as Record<string, unknown> });
        } catch (error) {
            this.logger.warn(`${method} not sent to Copilot CLI: ${(error as Error).message}`);
        }
    }
}
