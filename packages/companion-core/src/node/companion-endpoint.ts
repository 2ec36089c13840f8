import { CLIENT_PROFILES, ClientProfile } from '../common/client-profiles';
import { Logger, silentLogger } from '@ai-cli-companion/loopback-http';
import { DiffDelivery, DiffOutcome, DiffView, PendingDiff } from '../common/diff-registry';
import { EndpointStatus, WorkspaceState } from '../common/endpoint-status';

// Plain data shared with browser code; also here for Node callers that import the endpoint.
export type { EndpointSessionStatus, EndpointStatus, WorkspaceState } from '../common/endpoint-status';
import { IdeContext, IdeNotificationMethods } from '../common/wire-schemas';
import { CompanionDiscovery } from './companion-discovery';
import { CompanionTools } from './companion-tools';
import { ContextFeed } from './context-feed';
import { DiffBroker } from './diff-broker';
import { IdeInfo } from './discovery-file';
import { HostEnvironment, currentHostEnvironment } from './host-paths';
import { McpHttpServer, McpHttpServerOptions, McpSession } from './mcp-http-server';
import { notificationAnswer } from './notification-answer';
import { ideProcessId, isInContainer, joinWorkspaceRoots } from './process-info';
import { toSseEvent } from './session-transport';

export interface CompanionEndpointOptions {
    readonly profiles?: readonly ClientProfile[];
    /** What the CLIs call the IDE ("Connected to <displayName>"): the adapter's host application. */
    readonly ideInfo: IdeInfo;
    readonly host?: HostEnvironment;
    readonly backendPid?: number;
    readonly idePid?: number;
    readonly inContainer?: boolean;
    readonly logger?: Logger;
    readonly serverVersion?: string;
    readonly openDiffTimeoutMs?: number;
    readonly http?: Partial<Omit<McpHttpServerOptions, 'tokens' | 'connectSession' | 'logger'>>;
}

/**
 * One companion server as a CLI sees it, one per editor window: a façade over discovery (tokens, files,
 * terminal environment), the diff broker and the context feed, served over MCP Streamable HTTP.
 */
export class CompanionEndpoint {
    readonly ideInfo: IdeInfo;
    /** Pending proposals and their decisions; transports other than this server's register here too. */
    readonly broker: DiffBroker;
    /** The editor context the CLIs see; other transports listen to it too. */
    readonly contextFeed: ContextFeed;
    private readonly discovery: CompanionDiscovery;
    private readonly logger: Logger;
    private readonly http: McpHttpServer;
    private readonly changeListeners = new Set<() => void>();
    private readonly serverVersion: string;
    private workspace: WorkspaceState = { roots: [] };
    private contextEvent: string | undefined;
    private stopped = false;

    constructor(options: CompanionEndpointOptions) {
        this.ideInfo = options.ideInfo;
        this.logger = options.logger ?? silentLogger;
        this.serverVersion = options.serverVersion ?? '0.1.0';
        this.discovery = new CompanionDiscovery({
            profiles: options.profiles ?? CLIENT_PROFILES,
            ideInfo: options.ideInfo,
            host: options.host ?? currentHostEnvironment(),
            backendPid: options.backendPid ?? process.pid,
            idePid: options.idePid ?? ideProcessId(),
            inContainer: options.inContainer ?? isInContainer(),
            serverVersion: this.serverVersion,
            logger: this.logger
        });
        this.contextFeed = new ContextFeed({ logger: this.logger });
        this.broker = new DiffBroker({
            roots: () => this.workspace.roots,
            profiles: () => this.discovery.profiles,
            logger: this.logger,
            openDiffTimeoutMs: options.openDiffTimeoutMs
        });
        this.broker.onDidChange(() => this.fireChange());
        this.contextFeed.onDidChange(() => this.broadcastContext());
        this.http = new McpHttpServer({
            ...options.http,
            tokens: this.discovery.tokens,
            logger: this.logger,
            connectSession: session => this.connectSession(session)
        });
        this.http.addListener({
            opened: () => this.fireChange(),
            streamOpened: session => session.transport.sendEvent(this.currentContextEvent(), 'context'),
            closed: session => {
                this.broker.withdrawSession(session.id);
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
            this.contextFeed.setTrust(workspace.trusted);
        }
        this.discovery.removeStale();
        await this.http.listen();
        this.writeDiscoveryFiles();
        this.logger.info(`IDE companion listening on 127.0.0.1:${this.port} for ${this.discovery.profiles.map(p => p.displayName).join(', ')}`);
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
            this.discovery.setProfiles(change.profiles);
            this.http.setTokens(this.discovery.tokens);
        }
        if (change.workspace) {
            this.workspace = { roots: [...change.workspace.roots], trusted: change.workspace.trusted };
        }
        this.writeDiscoveryFiles();
        if (change.workspace) {
            this.contextFeed.setTrust(change.workspace.trusted);
        }
        this.fireChange();
    }

    /** A window shows this server's diffs from now on, starting with every one still pending (after a reload). */
    attachView(view: DiffView): void {
        this.broker.attachView(view);
        this.fireChange();
    }

    /**
     * The window is gone. With `expectReturn` (a reload) pending diffs and new ones wait for it; without,
     * new diffs fail at once and pending ones stay until `rejectPendingDiffs`.
     */
    detachView(expectReturn: boolean): void {
        this.broker.detachView(expectReturn);
    }

    pendingDiffs(): PendingDiff[] {
        return this.broker.pending();
    }

    /** The user decided; says whether the CLI that asked got it. */
    resolveDiff(diffId: string, outcome: DiffOutcome): Promise<DiffDelivery> {
        return this.broker.resolve(diffId, outcome);
    }

    /** Answers every pending diff with a rejection (its window is gone for good). */
    rejectPendingDiffs(): void {
        this.broker.rejectAll();
    }

    /** See ContextFeed.update. */
    updateContext(context: IdeContext): void {
        this.contextFeed.update(context);
    }

    terminalEnv(): Record<string, string> {
        return this.discovery.terminalEnv(this.port, this.workspacePath);
    }

    status(): EndpointStatus {
        return {
            port: this.port,
            workspacePath: this.workspacePath,
            profiles: this.discovery.profiles.map(p => p.id),
            sessions: this.http.sessionList.map(s => ({
                id: s.id, clientId: s.owner, since: s.createdAt, streaming: s.transport.hasStream, remotePort: s.remotePort
            })),
            files: this.discovery.writtenFiles,
            pendingDiffs: this.broker.pending().length,
            lastError: this.contextFeed.lastError ?? this.discovery.lastError
        };
    }

    onDidChange(listener: () => void): () => void {
        this.changeListeners.add(listener);
        return () => this.changeListeners.delete(listener);
    }

    /** Synchronous so it can run in a process 'exit' handler. */
    removeDiscoveryFilesSync(): void {
        this.discovery.removeAllSync();
    }

    async stop(): Promise<void> {
        if (this.stopped) {
            return;
        }
        this.stopped = true;
        const port = this.port;
        this.removeDiscoveryFilesSync();
        this.rejectPendingDiffs(); // written before the streams close: no CLI waits for a window that is gone
        await this.http.close();
        this.changeListeners.clear();
        this.logger.info(`IDE companion on port ${port} stopped`);
    }

    private async connectSession(session: McpSession): Promise<{ close(): Promise<void> }> {
        const tools = new CompanionTools({
            session,
            broker: this.broker,
            answerFor: filePath => notificationAnswer(this.http, session.id, filePath, this.logger),
            serverVersion: this.serverVersion
        });
        const server = tools.createMcpServer();
        await server.connect(session.transport);
        session.transport.fastPath = (message, signal) => tools.fastReply(message, signal);
        return server;
    }

    private writeDiscoveryFiles(): void {
        if (!this.stopped && this.port) {
            this.discovery.write(this.port, this.workspacePath);
        }
    }

    /** Serialised once per change, for every session; built lazily when the first stream opens. */
    private currentContextEvent(): string {
        this.contextEvent ??= toSseEvent({ jsonrpc: '2.0', method: IdeNotificationMethods.contextUpdate, params: this.contextFeed.current() });
        return this.contextEvent;
    }

    private broadcastContext(): void {
        this.contextEvent = undefined;
        if (this.http.sessionList.length > 0) {
            this.http.broadcastEvent(this.currentContextEvent(), 'context');
        }
    }

    private fireChange(): void {
        this.changeListeners.forEach(listener => listener());
    }
}
