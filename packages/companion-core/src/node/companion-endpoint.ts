import { Logger } from '@ai-cli-companion/node-base';
import { ClientProfile, ClientTransport } from '../common/client-profiles';
import { transportOf } from '../common/client-transports';
import { DiffDelivery, DiffOutcome, DiffView, PendingDiff } from '../common/diff-registry';
import { EndpointStatus, WorkspaceState } from '../common/endpoint-status';

// Plain data shared with browser code; also here for Node callers that import the endpoint.
export type { EndpointSessionStatus, EndpointStatus, WorkspaceState } from '../common/endpoint-status';
import { IdeContext, IdeNotificationMethods } from '../common/wire-schemas';
import { ClaudeAtMentioned, FileDiagnostics, pathOfFileUrl } from '../common/claude-ide-wire';
import { ClaudeIdeServer } from './claude-ide-server';
import { CodexClients, CodexWindow } from './codex-ipc';
import { CompanionDiscovery } from './companion-discovery';
import { CompanionEndpointOptions, createEndpointParts, EndpointParts } from './companion-endpoint-parts';
import { CompanionTools } from './companion-tools';
import { ContextFeed } from './context-feed';
import { CopilotAddSelection, CopilotIdeServer } from './copilot';
import { DiffBroker } from './diff-broker';
import { eachTransport, syncTransports, TRANSPORT_ENTRIES, TransportState } from './endpoint-transports';
import { IdeInfo } from './discovery-file';
import { McpHttpServer, McpSession } from './mcp-http-server';
import { notificationAnswer } from './notification-answer';
import { joinWorkspaceRoots } from './process-info';
import { toSseEvent } from './session-transport';

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
    private readonly parts: EndpointParts;
    private readonly discovery: CompanionDiscovery;
    private readonly logger: Logger;
    private readonly http: McpHttpServer;
    /** The transports besides `http` (see `EndpointParts`). */
    private readonly ws: ClaudeIdeServer;
    private readonly copilot: CopilotIdeServer;
    private readonly codexClients: CodexClients;
    /** The attached window, for what only it knows besides diffs (its problems). */
    private view: DiffView | undefined;
    private readonly changeListeners = new Set<() => void>();
    private readonly serverVersion: string;
    private workspace: WorkspaceState = { roots: [] };
    private contextEvent: string | undefined;
    private stopped = false;
    /** Why a transport's server could not start, by transport. */
    private readonly transportErrors = new Map<ClientTransport, string>();
    private stopping?: Promise<void>;

    constructor(options: CompanionEndpointOptions) {
        this.ideInfo = options.ideInfo;
        this.parts = createEndpointParts(options, {
            roots: () => this.workspace.roots,
            changed: () => this.fireChange(),
            connectSession: session => this.connectSession(session),
            contextEvent: () => this.currentContextEvent(),
            broadcastContext: () => this.broadcastContext(),
            diagnostics: uri => this.diagnostics(uri)
        });
        ({
            logger: this.logger, serverVersion: this.serverVersion, discovery: this.discovery, contextFeed: this.contextFeed,
            broker: this.broker, http: this.http, ws: this.ws, copilot: this.copilot, codexClients: this.codexClients
        } = this.parts);
    }

    /** This window as the backend's Codex socket sees it: its folders and context while Codex is enabled for it. */
    codexWindow(): CodexWindow {
        return {
            roots: () => this.workspace.roots,
            context: () => this.contextFeed.latest(),
            enabled: () => this.codexEnabled,
            asked: workspaceRoot => this.codexClients.asked(workspaceRoot)
        };
    }

    get port(): number {
        return this.http.port;
    }

    get workspacePath(): string {
        return joinWorkspaceRoots(this.workspace.roots);
    }

    /** The window's folders as given (Codex's socket matches the CLI's folder against them). */
    get workspaceRoots(): readonly string[] {
        return this.workspace.roots;
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
        await this.syncTransports();
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
        }
        if (change.workspace) {
            this.workspace = { roots: [...change.workspace.roots], trusted: change.workspace.trusted };
        }
        this.writeDiscoveryFiles();
        if (change.workspace) {
            this.contextFeed.setTrust(change.workspace.trusted);
            eachTransport(row => row.workspaceChanged?.(this.parts, this.workspace));
        }
        if (change.profiles) {
            void this.syncTransports();
        }
        this.fireChange();
    }

    /** The window's problems of these files changed (Copilot CLI hears it as diagnostics_changed). */
    diagnosticsChanged(uris: readonly string[]): void {
        eachTransport(row => row.diagnosticsChanged?.(this.parts, uris));
    }

    /** A window shows this server's diffs from now on, starting with every one still pending (after a reload). */
    attachView(view: DiffView): void {
        this.view = view;
        this.broker.attachView(view);
        this.fireChange();
    }

    /**
     * The window is gone. With `expectReturn` (a reload) pending diffs and new ones wait for it; without,
     * new diffs fail at once and pending ones stay until `rejectPendingDiffs`.
     */
    detachView(expectReturn: boolean): void {
        this.view = undefined;
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

    /** *Send Selection to CLI* for Claude Code: types the mention into its connected sessions' input; returns how many. */
    atMention(mention: ClaudeAtMentioned): number {
        return this.ws.atMention(mention);
    }

    /** *Send Selection to CLI* for Copilot CLI: `add_selection` to the session of the target terminal; whether it went. */
    addSelection(sessionId: string, reference: CopilotAddSelection): Promise<boolean> {
        return this.copilot.addSelection(sessionId, reference);
    }

    /** *Send to Copilot CLI* from the Explorer: `add_file_reference` per file or folder to that session; whether it went. */
    addFileReferences(sessionId: string, references: readonly CopilotAddSelection[]): Promise<boolean> {
        return this.copilot.addFileReferences(sessionId, references);
    }

    terminalEnv(): Record<string, string> {
        return this.discovery.terminalEnv(this.port, this.workspacePath);
    }

    status(): EndpointStatus {
        return {
            port: this.port,
            workspacePath: this.workspacePath,
            profiles: this.discovery.profiles.map(p => p.id),
            sessions: TRANSPORT_ENTRIES.flatMap(([name, row]) => row.sessions(this.parts, this.transportState(name))),
            files: [...this.discovery.writtenFiles, ...TRANSPORT_ENTRIES.flatMap(([, row]) => row.files?.(this.parts) ?? [])],
            pendingDiffs: this.broker.pending().length,
            lastError: this.contextFeed.lastError ?? this.discovery.lastError ?? [...this.transportErrors.values()][0] ??
                TRANSPORT_ENTRIES.map(([, row]) => row.lastError?.(this.parts)).find(error => error !== undefined)
        };
    }

    onDidChange(listener: () => void): () => void {
        this.changeListeners.add(listener);
        return () => this.changeListeners.delete(listener);
    }

    /** Synchronous so it can run in a process 'exit' handler. */
    removeDiscoveryFilesSync(): void {
        this.discovery.removeAllSync();
        eachTransport(row => row.removeFilesSync?.(this.parts));
    }

    /** Idempotent; a second call waits for the first to finish. */
    stop(): Promise<void> {
        this.stopping ??= this.stopNow();
        return this.stopping;
    }

    private async stopNow(): Promise<void> {
        this.stopped = true;
        const port = this.port;
        this.removeDiscoveryFilesSync();
        this.rejectPendingDiffs(); // written before the streams close: no CLI waits for a window that is gone
        for (const [, row] of TRANSPORT_ENTRIES) {
            await row.stop(this.parts);
        }
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

    private get codexEnabled(): boolean {
        return !this.stopped && this.transportState('ipc').profiles.length > 0;
    }

    private transportState(transport: ClientTransport): TransportState {
        return {
            profiles: this.discovery.profiles.filter(profile => transportOf(profile) === transport),
            tokens: this.discovery.tokensOf(transport),
            port: this.port,
            workspace: this.workspace,
            stopped: this.stopped
        };
    }

    /** Each transport's server to the enabled clients: tokens, and the servers that exist only while a client of theirs is enabled. */
    private async syncTransports(): Promise<void> {
        await syncTransports(this.parts, name => this.transportState(name), this.transportErrors);
        this.fireChange();
    }

    private writeDiscoveryFiles(): void {
        if (!this.stopped && this.port) {
            this.discovery.write(this.port, this.workspacePath, this.workspace.roots);
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

    /** The attached window's problems; none while no window is attached. */
    private async diagnostics(uri: string | undefined): Promise<FileDiagnostics[]> {
        if (uri !== undefined && pathOfFileUrl(uri) === undefined) {
            throw new Error(`not a file:// URL: ${uri}`);
        }
        return this.view?.diagnostics ? this.view.diagnostics(uri) : [];
    }

    private fireChange(): void {
        this.changeListeners.forEach(listener => listener());
    }
}
