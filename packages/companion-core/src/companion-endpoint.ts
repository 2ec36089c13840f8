import * as path from 'path';
import { CLIENT_PROFILES, ClientProfile } from './client-profiles';
import { HostEnvironment, currentHostEnvironment } from './host-paths';
import { CompanionLogger, silentLogger } from './companion-logger';
import { CompanionTools, DiffRequest } from './companion-tools';
import { normalizeContext } from './context-normalizer';
import { DiffDelivery, DiffOutcome, DiffRegistry, DiffView, PendingDiff } from './diff-registry';
import {
    DISCOVERY_FILE_MARKER, IdeInfo, buildDiscoveryFileContent, discoveryFilePath, removeFileQuietly,
    removeStaleDiscoveryFiles, writePrivateFileAtomic
} from './discovery-file';
import { discoveryDirectories, trustedBaseOf } from './host-paths';
import { ClaudeIdeServer } from './node/claude-ide-server';
import { ClaudeAtMentioned, FileDiagnostics, pathOfFileUrl } from './common/claude-ide-wire';
import { claudeSelectionOf } from './common/claude-selection';
import { McpHttpServer, McpHttpServerOptions, McpSession } from './mcp-http-server';
import { ideProcessId, isInContainer, joinWorkspaceRoots } from './process-info';
import { generateToken } from '@ai-cli-companion/loopback-http';
import { EventKind, toSseEvent } from './session-transport';
import { IdeContext, IdeNotification, IdeNotificationMethods, assertValidNotification } from './wire-schemas';
import { resolveInWorkspace } from './workspace-paths';

export const NO_WINDOW_ERROR = 'no editor window is open to show it';

/** Upper bound for the editor to show a diff; the CLI itself would wait ten minutes. */
export const OPEN_DIFF_TIMEOUT_MS = 15_000;

export interface WorkspaceState {
    /** Absolute file-system paths of the workspace roots. */
    readonly roots: readonly string[];
    /** Workspace trust; undefined when the IDE has trust switched off (then the CLI decides). */
    readonly trusted?: boolean;
}

export interface CompanionEndpointOptions {
    readonly profiles?: readonly ClientProfile[];
    /** What the CLIs call the IDE ("Connected to <displayName>"): the adapter's host application. */
    readonly ideInfo: IdeInfo;
    readonly host?: HostEnvironment;
    readonly backendPid?: number;
    readonly idePid?: number;
    readonly inContainer?: boolean;
    readonly logger?: CompanionLogger;
    readonly serverVersion?: string;
    readonly openDiffTimeoutMs?: number;
    readonly http?: Partial<Omit<McpHttpServerOptions, 'tokens' | 'connectSession' | 'logger'>>;
}

export interface EndpointSessionStatus {
    readonly id: string;
    readonly clientId: string;
    readonly since: number;
    /** Whether its event stream is open right now (a CLI reconnects it within about a second). */
    readonly streaming: boolean;
    /** See McpSession.remotePort. */
    readonly remotePort?: number;
}

export interface EndpointStatus {
    readonly port: number;
    readonly workspacePath: string;
    readonly profiles: readonly string[];
    readonly sessions: readonly EndpointSessionStatus[];
    readonly files: readonly string[];
    readonly pendingDiffs: number;
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
    /** Discovery files by profile id (a profile may write a mirror, e.g. under CLAUDE_CONFIG_DIR). */
    private readonly files = new Map<string, string[]>();
    /** Claude Code's WebSocket transport on the same port. */
    private readonly ws: ClaudeIdeServer;
    /** Decisions awaited by a transport that blocks on them (Claude Code's openDiff), by diff id. */
    private readonly waiters = new Map<string, (outcome: DiffOutcome) => void>();
    private readonly changeListeners = new Set<() => void>();
    private profiles: readonly ClientProfile[];
    private workspace: WorkspaceState = { roots: [] };
    private context: IdeContext = { workspaceState: { openFiles: [] } };
    private contextEvent: string | undefined;
    private readonly diffs = new DiffRegistry();
    private view: DiffView | undefined;
    /** Detached, but its window is expected back (a reload): new diffs wait for it instead of failing. */
    private awaitingView = false;
    private readonly serverVersion: string;
    private readonly openDiffTimeoutMs: number;
    private lastError: string | undefined;
    private stopped = false;

    constructor(options: CompanionEndpointOptions) {
        this.profiles = options.profiles ?? CLIENT_PROFILES;
        this.ideInfo = options.ideInfo;
        this.host = options.host ?? currentHostEnvironment();
        this.backendPid = options.backendPid ?? process.pid;
        this.idePid = options.idePid ?? ideProcessId();
        this.inContainer = options.inContainer ?? isInContainer();
        this.logger = options.logger ?? silentLogger;
        this.profiles.forEach(profile => this.tokens.set(profile.id, generateToken()));
        this.serverVersion = options.serverVersion ?? '0.1.0';
        this.openDiffTimeoutMs = options.openDiffTimeoutMs ?? OPEN_DIFF_TIMEOUT_MS;
        this.http = new McpHttpServer({
            ...options.http,
            tokens: this.tokensOf('http'),
            logger: this.logger,
            connectSession: session => this.connectSession(session)
        });
        this.http.addListener({
            opened: () => this.fireChange(),
            streamOpened: session => session.transport.sendEvent(this.currentContextEvent(), 'context'),
            closed: session => {
                // Nobody is left to answer these: close their reviews without a decision.
                this.diffs.removeSession(session.id).forEach(diff => this.closeInView(diff));
                this.fireChange();
            }
        });
        this.ws = new ClaudeIdeServer({
            serverVersion: this.serverVersion,
            logger: this.logger,
            maxSessionsPerOwner: owner => this.profiles.find(p => p.id === owner)?.maxSessions,
            onChange: () => this.fireChange(),
            onSessionEnded: sessionId => this.closeSessionDiffs(sessionId),
            broker: {
                proposeDiff: (request, signal) => this.proposeDiff(request, signal),
                closeDiff: (sessionId, filePath) => this.closeDiff(sessionId, filePath),
                closeSessionDiffs: sessionId => this.closeSessionDiffs(sessionId),
                diagnostics: uri => this.diagnostics(uri)
            }
        });
        this.http.onUpgrade((request, socket, head) => this.ws.handleUpgrade(request, socket, head));
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
        this.ws.setTokens(this.port, this.tokensOf('ws'));
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

    /** A window shows this server's diffs from now on, starting with every one still pending (after a reload). */
    attachView(view: DiffView): void {
        this.view = view;
        this.awaitingView = false;
        for (const diff of this.diffs.all()) {
            view.show(diff).catch(error => this.logger.warn(`Cannot reopen the diff of ${diff.filePath}: ${(error as Error).message}`));
        }
        this.fireChange();
    }

    /**
     * The window is gone. With `expectReturn` (a reload) pending diffs and new ones wait for it; without,
     * new diffs fail at once and pending ones stay until `rejectPendingDiffs`.
     */
    detachView(expectReturn: boolean): void {
        this.view = undefined;
        this.awaitingView = expectReturn;
    }

    pendingDiffs(): PendingDiff[] {
        return this.diffs.all();
    }

    /**
     * The user decided. Delivered only if the session that asked is still connected (a session whose
     * stream just dropped gets it once it reconnects); the diff is done either way.
     */
    async resolveDiff(diffId: string, outcome: DiffOutcome): Promise<DiffDelivery> {
        const diff = this.diffs.remove(diffId);
        if (!diff) {
            return { delivered: false, reason: 'The CLI no longer waits for this proposal (it closed the diff or ended its session).' };
        }
        this.fireChange();
        const waiter = this.waiters.get(diff.id);
        if (waiter) {
            waiter(outcome);
            return { delivered: true };
        }
        const session = this.http.sessionList.find(s => s.id === diff.sessionId);
        const connected = session ? await session.transport.whenStreamOpen() : false;
        const sent = connected && (outcome.accepted
            ? this.sendDiffAccepted(diff.sessionId, diff.filePath, outcome.content)
            : this.sendDiffRejected(diff.sessionId, diff.filePath));
        return sent ? { delivered: true } : { delivered: false, reason: `${diff.clientName} is no longer connected; the proposal was not applied.` };
    }

    /** Answers every pending diff with a rejection (its window is gone for good). */
    rejectPendingDiffs(): void {
        for (const diff of this.diffs.removeAll()) {
            this.answerRejected(diff);
        }
        this.fireChange();
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
        this.ws.updateSelection(claudeSelectionOf(context));
    }

    /** *Send Selection to CLI* for Claude Code: the mention goes into the input of its connected sessions; returns how many. */
    atMention(mention: ClaudeAtMentioned): number {
        return this.ws.atMention(mention);
    }

    /**
     * A proposal from a transport that blocks until the user decides (Claude Code's openDiff): the same
     * registry, review and path checks as openDiff, resolved by resolveDiff, closeDiff or the session's end.
     */
    async proposeDiff(request: DiffRequest, signal: AbortSignal): Promise<DiffOutcome> {
        let settle!: (outcome: DiffOutcome) => void;
        const decision = new Promise<DiffOutcome>(resolve => settle = resolve);
        await this.openDiff(request, signal, settle);
        return decision;
    }

    /** Sends the user's decision to the session that asked for the diff, and only to it. */
    private sendDiffAccepted(sessionId: string, filePath: string, content: string): boolean {
        return this.sendToSession(sessionId, { method: IdeNotificationMethods.diffAccepted, params: { filePath, content } });
    }

    private sendDiffRejected(sessionId: string, filePath: string): boolean {
        return this.sendToSession(sessionId, { method: IdeNotificationMethods.diffRejected, params: { filePath } });
    }

    /** What every terminal of this window needs so the CLIs find exactly this server. */
    terminalEnv(): Record<string, string> {
        const env: Record<string, string> = {};
        const workspacePath = this.workspacePath;
        for (const profile of this.profiles) {
            Object.assign(env, profile.extraEnv);
            env[profile.env.port] = String(this.port);
            if (workspacePath && profile.env.workspacePath) {
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
            sessions: [
                ...this.http.sessionList.map(s => ({
                    id: s.id, clientId: s.owner, since: s.createdAt, streaming: s.transport.hasStream, remotePort: s.remotePort
                })),
                ...this.ws.sessionList.map(s => ({ id: s.id, clientId: s.owner, since: s.createdAt, streaming: true, remotePort: s.remotePort }))
            ],
            files: [...this.files.values()].flat(),
            pendingDiffs: this.diffs.all().length,
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
        this.rejectPendingDiffs(); // written before the streams close: no CLI waits for a window that is gone
        await this.ws.close();
        await this.http.close();
        this.changeListeners.clear();
        this.logger.info(`IDE companion on port ${port} stopped`);
    }

    private async connectSession(session: McpSession): Promise<{ close(): Promise<void> }> {
        const tools = new CompanionTools({
            session,
            serverVersion: this.serverVersion,
            handler: {
                openDiff: (request, signal) => this.openDiff(request, signal),
                closeDiff: request => this.closeDiff(request.sessionId, request.filePath)
            }
        });
        const server = tools.createMcpServer();
        await server.connect(session.transport);
        session.transport.fastPath = (message, signal) => tools.fastReply(message, signal);
        return server;
    }

    /**
     * Registers the proposal and has the window show it. A path outside the workspace, no window, or a
     * window that does not show it in time (or a client that gave up meanwhile) withdraws it: it never
     * opens later, where it could only be accepted into the void.
     */
    private async openDiff(request: DiffRequest, signal: AbortSignal, onDecision?: (outcome: DiffOutcome) => void): Promise<void> {
        const resolved = resolveInWorkspace(request.filePath, this.workspace.roots);
        if ('error' in resolved) {
            throw new Error(resolved.error);
        }
        if (!this.view && !this.awaitingView) {
            throw new Error(NO_WINDOW_ERROR);
        }
        const profile = this.profiles.find(p => p.id === request.clientId);
        const previous = this.diffs.find(request.sessionId, request.filePath);
        if (previous) {
            // The CLI asks again for the same file: the older proposal is superseded, and answered.
            this.diffs.remove(previous.id);
            this.answerRejected(previous);
            this.closeInView(previous);
        }
        const diff = this.diffs.add({
            ...request,
            clientName: profile?.displayName ?? request.clientId,
            editorPath: resolved.editorPath,
            relativePath: resolved.relativePath
        });
        if (onDecision) {
            this.waiters.set(diff.id, outcome => {
                this.waiters.delete(diff.id);
                onDecision(outcome);
            });
        }
        this.fireChange();
        const view = this.view;
        if (!view) {
            return; // shown when the window comes back (attachView)
        }
        try {
            await withDeadline(view.show(diff), this.openDiffTimeoutMs, signal);
        } catch (error) {
            this.waiters.delete(diff.id);
            if (this.diffs.remove(diff.id)) {
                this.closeInView(diff);
                this.fireChange();
            }
            throw error;
        }
    }

    private async closeDiff(sessionId: string, filePath: string): Promise<string | undefined> {
        const diff = this.diffs.find(sessionId, filePath);
        if (!diff) {
            return undefined;
        }
        this.diffs.remove(diff.id);
        this.fireChange();
        const edited = this.view ? await this.view.close(diff.id) : undefined;
        // Closed by the CLI (it decided elsewhere): a transport waiting for a decision gets "rejected", which it ignores.
        this.waiters.get(diff.id)?.({ accepted: false });
        return edited ?? diff.newContent;
    }

    /** Closes every review of a session (Claude Code's closeAllDiffTabs, or its session ended); returns how many. */
    private closeSessionDiffs(sessionId: string): number {
        const closed = this.diffs.removeSession(sessionId);
        for (const diff of closed) {
            this.closeInView(diff);
            this.answerRejected(diff);
        }
        if (closed.length > 0) {
            this.fireChange();
        }
        return closed.length;
    }

    /** The attached window's problems; none while no window is attached. */
    private async diagnostics(uri: string | undefined): Promise<FileDiagnostics[]> {
        if (uri !== undefined && pathOfFileUrl(uri) === undefined) {
            throw new Error(`not a file:// URL: ${uri}`);
        }
        return this.view?.diagnostics ? this.view.diagnostics(uri) : [];
    }

    /** A rejection to whoever waits: the blocked transport's caller, or the HTTP session's notification. */
    private answerRejected(diff: PendingDiff): void {
        const waiter = this.waiters.get(diff.id);
        if (waiter) {
            waiter({ accepted: false });
        } else {
            this.sendDiffRejected(diff.sessionId, diff.filePath);
        }
    }

    private closeInView(diff: PendingDiff): void {
        this.view?.close(diff.id).catch(error => this.logger.warn(`Cannot close the diff of ${diff.filePath}: ${(error as Error).message}`));
    }

    private writeDiscoveryFiles(): void {
        if (this.stopped || !this.port) {
            return;
        }
        for (const profile of this.profiles) {
            const content = buildDiscoveryFileContent(profile, {
                port: this.port,
                workspacePath: this.workspacePath,
                authToken: this.tokens.get(profile.id)!,
                ppid: this.backendPid,
                ideInfo: this.ideInfo,
                [DISCOVERY_FILE_MARKER]: this.serverVersion
            }, this.workspace.roots);
            const name = discoveryFilePath(profile, this.host, { pid: this.idePid, port: this.port });
            const written: string[] = [];
            for (const directory of discoveryDirectories(profile, this.host)) {
                const file = path.join(directory, path.basename(name));
                try {
                    writePrivateFileAtomic(file, JSON.stringify(content), trustedBaseOf(profile, this.host, directory));
                    written.push(file);
                } catch (error) {
                    this.lastError = `Cannot write ${file}: ${(error as Error).message}`;
                    this.logger.error(this.lastError);
                }
            }
            this.removeFile(profile.id, written); // a mirror whose variable went away
            this.files.set(profile.id, written);
        }
    }

    private removeFile(profileId: string, keep: readonly string[] = []): void {
        for (const file of this.files.get(profileId) ?? []) {
            if (!keep.includes(file)) {
                removeFileQuietly(file);
            }
        }
        this.files.delete(profileId);
    }

    /** The tokens of the profiles on one transport: a Claude token opens no HTTP session, and vice versa. */
    private tokensOf(transport: 'http' | 'ws'): Map<string, string> {
        return new Map([...this.tokens].filter(([id]) => (this.profiles.find(p => p.id === id)?.transport ?? 'http') === transport));
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
            this.http.broadcastEvent(this.currentContextEvent(), 'context');
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
        this.http.setTokens(this.tokensOf('http'));
        if (this.port) {
            this.ws.setTokens(this.port, this.tokensOf('ws'));
        }
    }

    private sendToSession(sessionId: string, notification: IdeNotification): boolean {
        assertValidNotification(notification);
        const session = this.http.sessionList.find(s => s.id === sessionId);
        if (!session) {
            this.logger.warn(`${notification.method} for ${sessionId} dropped: the session has ended`);
            return false;
        }
        const kind: EventKind = notification.method === IdeNotificationMethods.contextUpdate ? 'context' : 'decision';
        session.transport.sendEvent(toSseEvent({ jsonrpc: '2.0', ...notification }), kind);
        return true;
    }

    private fireChange(): void {
        this.changeListeners.forEach(listener => listener());
    }
}

/** Rejects when the deadline passes or the signal aborts, whichever comes first. */
function withDeadline<T>(promise: Promise<T>, ms: number, signal: AbortSignal): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const stop = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the editor did not show it within ${ms / 1000} s`)), ms);
        onAbort = () => reject(new Error('the CLI gave up waiting for it'));
        if (signal.aborted) {
            onAbort();
        }
        signal.addEventListener('abort', onAbort);
    });
    return Promise.race([promise, stop]).finally(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort!);
    });
}
