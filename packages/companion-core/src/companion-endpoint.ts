import { CLIENT_PROFILES, ClientProfile } from './client-profiles';
import { HostEnvironment, currentHostEnvironment } from './host-paths';
import { CompanionLogger, silentLogger } from './companion-logger';
import { CompanionTools, DiffHandler } from './companion-tools';
import { normalizeContext } from './context-normalizer';
import {
    IdeInfo, THEIA_IDE_NAME, buildDiscoveryFileContent, discoveryFilePath, removeFileQuietly,
    removeStaleDiscoveryFiles, writePrivateFileAtomic
} from './discovery-file';
import { McpHttpServer, McpHttpServerOptions, McpSession } from './mcp-http-server';
import { ideProcessId, isInContainer, joinWorkspaceRoots } from './process-info';
import { generateToken } from '@ai-cli-companion/loopback-http';
import { toSseEvent } from './session-transport';
import { IdeContext, IdeNotification, IdeNotificationMethods, assertValidNotification } from './wire-schemas';

export const DEFAULT_IDE_INFO: IdeInfo = { name: THEIA_IDE_NAME, displayName: 'Eclipse Theia' };

export interface WorkspaceState {
    /** Absolute file-system paths of the workspace roots. */
    readonly roots: readonly string[];
    /** Workspace trust; undefined when the IDE has trust switched off (then the CLI decides). */
    readonly trusted?: boolean;
}

export interface CompanionEndpointOptions {
    readonly profiles?: readonly ClientProfile[];
    readonly ideInfo?: IdeInfo;
    readonly host?: HostEnvironment;
    readonly backendPid?: number;
    readonly idePid?: number;
    readonly inContainer?: boolean;
    readonly logger?: CompanionLogger;
    readonly serverVersion?: string;
    readonly http?: Partial<Omit<McpHttpServerOptions, 'tokens' | 'connectSession' | 'logger'>>;
}

export interface EndpointSessionStatus {
    readonly id: string;
    readonly clientId: string;
    readonly since: number;
}

export interface EndpointStatus {
    readonly port: number;
    readonly workspacePath: string;
    readonly profiles: readonly string[];
    readonly sessions: readonly EndpointSessionStatus[];
    readonly files: readonly string[];
    readonly lastError?: string;
}

/**
 * One companion server as a CLI sees it: a port, a token per client profile, the discovery
 * files, the terminal environment and the context pushed to every session. A Theia window owns one.
 */
export class CompanionEndpoint {
    readonly ideInfo: IdeInfo;
    private readonly host: HostEnvironment;
    private readonly backendPid: number;
    private readonly idePid: number;
    private readonly inContainer: boolean;
    private readonly logger: CompanionLogger;
    private readonly http: McpHttpServer;
    private readonly tokens = new Map<string, string>();
    private readonly files = new Map<string, string>();
    private readonly changeListeners = new Set<() => void>();
    private profiles: readonly ClientProfile[];
    private workspace: WorkspaceState = { roots: [] };
    private context: IdeContext = { workspaceState: { openFiles: [] } };
    private contextEvent: string | undefined;
    private diffHandler: DiffHandler | undefined;
    private lastError: string | undefined;
    private stopped = false;

    constructor(options: CompanionEndpointOptions = {}) {
        this.profiles = options.profiles ?? CLIENT_PROFILES;
        this.ideInfo = options.ideInfo ?? DEFAULT_IDE_INFO;
        this.host = options.host ?? currentHostEnvironment();
        this.backendPid = options.backendPid ?? process.pid;
        this.idePid = options.idePid ?? ideProcessId();
        this.inContainer = options.inContainer ?? isInContainer();
        this.logger = options.logger ?? silentLogger;
        this.profiles.forEach(profile => this.tokens.set(profile.id, generateToken()));
        const serverVersion = options.serverVersion ?? '0.1.0';
        this.http = new McpHttpServer({
            ...options.http,
            tokens: this.tokens,
            logger: this.logger,
            connectSession: session => this.connectSession(session, serverVersion)
        });
        this.http.addListener({
            opened: () => this.fireChange(),
            streamOpened: session => session.transport.sendEvent(this.currentContextEvent()),
            closed: session => {
                this.diffHandler?.sessionEnded?.(session.id);
                this.fireChange();
            }
        });
    }

    get port(): number {
        return this.http.port;
    }

    get workspacePath(): string {
        return joinWorkspaceRoots(this.workspace.roots);
    }

    /** Starts listening and writes the discovery files once, with the given workspace if known. */
    async start(workspace?: WorkspaceState): Promise<void> {
        if (workspace) {
            this.workspace = { roots: [...workspace.roots], trusted: workspace.trusted };
        }
        for (const profile of CLIENT_PROFILES) {
            for (const file of removeStaleDiscoveryFiles(profile, this.host)) {
                this.logger.info(`Removed stale discovery file ${file}`);
            }
        }
        await this.http.listen();
        this.writeDiscoveryFiles();
        this.logger.info(`IDE companion listening on 127.0.0.1:${this.port} for ${this.profiles.map(p => p.displayName).join(', ')}`);
    }

    /** New roots or trust: rewrite the files (newer mtime wins Qwen's scan) and tell every CLI. */
    setWorkspace(workspace: WorkspaceState): void {
        this.update({ workspace });
    }

    setEnabledProfiles(profiles: readonly ClientProfile[]): void {
        this.update({ profiles });
    }

    /** Applies a new workspace and/or set of clients with one write of the discovery files. */
    update(change: { workspace?: WorkspaceState; profiles?: readonly ClientProfile[] }): void {
        if (change.profiles) {
            this.applyProfiles(change.profiles);
        }
        if (change.workspace) {
            this.workspace = { roots: [...change.workspace.roots], trusted: change.workspace.trusted };
        }
        this.writeDiscoveryFiles();
        if (change.workspace) {
            this.broadcastContext();
        }
        this.fireChange();
    }

    setDiffHandler(handler: DiffHandler | undefined): void {
        this.diffHandler = handler;
    }

    /**
     * Stores the editor context and pushes it to every session. A context the client's schema would
     * reject (it would disconnect the CLI) is refused here, once, and the last good one stays.
     */
    updateContext(context: IdeContext): void {
        try {
            assertValidNotification({ method: IdeNotificationMethods.contextUpdate, params: normalizeContext(context, this.workspace.trusted) });
        } catch (error) {
            this.lastError = `Context not sent, it fails the client's schema: ${(error as Error).message}`;
            this.logger.error(this.lastError);
            return;
        }
        this.context = context;
        this.broadcastContext();
    }

    /** Sends the user's decision to the session that asked for the diff, and only to it. */
    sendDiffAccepted(sessionId: string, filePath: string, content: string): boolean {
        return this.sendToSession(sessionId, { method: IdeNotificationMethods.diffAccepted, params: { filePath, content } });
    }

    sendDiffRejected(sessionId: string, filePath: string): boolean {
        return this.sendToSession(sessionId, { method: IdeNotificationMethods.diffRejected, params: { filePath } });
    }

    /** What every terminal of this window needs so the CLIs find exactly this server. */
    terminalEnv(): Record<string, string> {
        const env: Record<string, string> = {};
        const workspacePath = this.workspacePath;
        for (const profile of this.profiles) {
            env[profile.env.port] = String(this.port);
            if (workspacePath) {
                env[profile.env.workspacePath] = workspacePath;
            }
            if (profile.env.authToken) {
                env[profile.env.authToken] = this.tokens.get(profile.id)!;
            }
            if (profile.env.idePid) {
                env[profile.env.idePid] = String(this.idePid);
            }
        }
        if (this.inContainer) {
            // Without it Gemini CLI dials host.docker.internal, which is not this loopback server.
            env.REMOTE_CONTAINERS = 'true';
        }
        return env;
    }

    status(): EndpointStatus {
        return {
            port: this.port,
            workspacePath: this.workspacePath,
            profiles: this.profiles.map(p => p.id),
            sessions: this.http.sessionList.map(s => ({ id: s.id, clientId: s.owner, since: s.createdAt })),
            files: [...this.files.values()],
            lastError: this.lastError
        };
    }

    onDidChange(listener: () => void): () => void {
        this.changeListeners.add(listener);
        return () => this.changeListeners.delete(listener);
    }

    /** Synchronous so it can run in a process 'exit' handler. */
    removeDiscoveryFilesSync(): void {
        for (const id of [...this.files.keys()]) {
            this.removeFile(id);
        }
    }

    async stop(): Promise<void> {
        if (this.stopped) {
            return;
        }
        this.stopped = true;
        const port = this.port;
        this.removeDiscoveryFilesSync();
        await this.http.close();
        this.changeListeners.clear();
        this.logger.info(`IDE companion on port ${port} stopped`);
    }

    private async connectSession(session: McpSession, serverVersion: string): Promise<{ close(): Promise<void> }> {
        const tools = new CompanionTools({ session, serverVersion, diffHandler: () => this.diffHandler });
        const server = tools.createMcpServer();
        await server.connect(session.transport);
        session.transport.fastPath = message => tools.fastReply(message);
        return server;
    }

    private writeDiscoveryFiles(): void {
        if (this.stopped || !this.port) {
            return;
        }
        for (const profile of this.profiles) {
            const file = discoveryFilePath(profile, this.host, { pid: this.idePid, port: this.port });
            const content = buildDiscoveryFileContent(profile, {
                port: this.port,
                workspacePath: this.workspacePath,
                authToken: this.tokens.get(profile.id)!,
                ppid: this.backendPid,
                ideInfo: this.ideInfo
            });
            try {
                writePrivateFileAtomic(file, JSON.stringify(content));
                this.files.set(profile.id, file);
            } catch (error) {
                this.lastError = `Cannot write ${file}: ${(error as Error).message}`;
                this.logger.error(this.lastError);
            }
        }
    }

    private removeFile(profileId: string): void {
        const file = this.files.get(profileId);
        if (file) {
            removeFileQuietly(file);
            this.files.delete(profileId);
        }
    }

    /** The stored context was validated in updateContext; trust is a boolean, so it stays valid. */
    private currentContextEvent(): string {
        this.contextEvent ??= toSseEvent({
            jsonrpc: '2.0',
            method: IdeNotificationMethods.contextUpdate,
            params: normalizeContext(this.context, this.workspace.trusted)
        });
        return this.contextEvent;
    }

    private broadcastContext(): void {
        this.contextEvent = undefined;
        if (this.http.sessionList.length > 0) { // otherwise built lazily when the first stream opens
            this.http.broadcastEvent(this.currentContextEvent());
        }
    }

    private applyProfiles(profiles: readonly ClientProfile[]): void {
        for (const profile of this.profiles.filter(p => !profiles.includes(p))) {
            this.removeFile(profile.id);
            this.tokens.delete(profile.id);
        }
        for (const profile of profiles.filter(p => !this.tokens.has(p.id))) {
            this.tokens.set(profile.id, generateToken());
        }
        this.profiles = [...profiles];
        this.http.setTokens(new Map(this.tokens));
    }

    private sendToSession(sessionId: string, notification: IdeNotification): boolean {
        assertValidNotification(notification);
        const session = this.http.sessionList.find(s => s.id === sessionId);
        if (!session) {
            this.logger.warn(`${notification.method} for ${sessionId} dropped: the session has ended`);
            return false;
        }
        session.transport.sendEvent(toSseEvent({ jsonrpc: '2.0', ...notification }));
        return true;
    }

    private fireChange(): void {
        this.changeListeners.forEach(listener => listener());
    }
}
