import { Logger, silentLogger } from '@ai-cli-companion/node-base';
import { CLIENT_PROFILES, ClientProfile } from '../common/client-profiles';
import { FileDiagnostics } from '../common/claude-ide-wire';
import { claudeSelectionOf } from '../common/claude-selection';
import { transportOf } from '../common/client-transports';
import { ClaudeIdeServer } from './claude-ide-server';
import { CodexClients, CodexProcesses } from './codex-ipc';
import { CompanionDiscovery } from './companion-discovery';
import { ContextFeed } from './context-feed';
import { COPILOT_EDITS_NOT_CARRIED, CopilotIdeServer } from './copilot';
import { DiffBroker, proposeAndWait } from './diff-broker';
import { IdeInfo } from './discovery-file';
import { currentHostEnvironment, HostEnvironment } from './host-paths';
import { McpHttpServer, McpHttpServerOptions, McpSession } from './mcp-http-server';
import { ideProcessId, isInContainer } from './process-info';

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
    /** How Codex CLIs that asked this window are told from exited ones (default: procfs). */
    readonly codexProcesses?: CodexProcesses;
}

/** What the parts ask of the endpoint they are wired into. */
export interface EndpointHooks {
    /** The window's folders, as last set. */
    roots(): readonly string[];
    /** Anything the status shows changed. */
    changed(): void;
    /** Serves MCP on a new HTTP session; the returned server closes with it. */
    connectSession(session: McpSession): Promise<{ close(): Promise<void> }>;
    /** The current context as one SSE event (for a stream that just opened). */
    contextEvent(): string;
    /** The context changed: send it to every open stream. */
    broadcastContext(): void;
    /** The attached window's problems. */
    diagnostics(uri: string | undefined): Promise<FileDiagnostics[]>;
}

/** Everything one companion endpoint is made of: discovery, the context and diff models, and the four transports' servers (driven through ENDPOINT_TRANSPORTS). */
export interface EndpointParts {
    readonly logger: Logger;
    readonly serverVersion: string;
    readonly discovery: CompanionDiscovery;
    readonly contextFeed: ContextFeed;
    readonly broker: DiffBroker;
    /** Gemini CLI's and Qwen Code's transport: MCP Streamable HTTP. */
    readonly http: McpHttpServer;
    /** Claude Code's transport: MCP over WebSocket upgrades of the same port. */
    readonly ws: ClaudeIdeServer;
    /** Copilot CLI's transport: the same MCP sessions on a Unix socket of this window, named by its lock file. */
    readonly copilot: CopilotIdeServer;
    /** The Codex CLIs this window answered through the backend's Codex socket (which is not the window's). */
    readonly codexClients: CodexClients;
}

/** Makes an endpoint's parts and wires them to each other and to `hooks` (the order of the context listeners is the order of the transports). */
export function createEndpointParts(options: CompanionEndpointOptions, hooks: EndpointHooks): EndpointParts {
    const logger = options.logger ?? silentLogger;
    const serverVersion = options.serverVersion ?? '0.1.0';
    const discovery = new CompanionDiscovery({
        profiles: options.profiles ?? CLIENT_PROFILES,
        ideInfo: options.ideInfo,
        host: options.host ?? currentHostEnvironment(),
        backendPid: options.backendPid ?? process.pid,
        idePid: options.idePid ?? ideProcessId(),
        inContainer: options.inContainer ?? isInContainer(),
        serverVersion,
        logger
    });
    const contextFeed = new ContextFeed({ logger });
    const broker = new DiffBroker({
        roots: () => hooks.roots(),
        profiles: () => discovery.profiles,
        logger,
        openDiffTimeoutMs: options.openDiffTimeoutMs
    });
    broker.onDidChange(() => hooks.changed());
    contextFeed.onDidChange(() => hooks.broadcastContext());
    const http = new McpHttpServer({
        ...options.http,
        tokens: discovery.tokensOf('http'),
        logger,
        connectSession: session => hooks.connectSession(session)
    });
    http.addListener({
        opened: () => hooks.changed(),
        streamOpened: session => session.transport.sendEvent(hooks.contextEvent(), 'context'),
        closed: session => {
            broker.withdrawSession(session.id);
            hooks.changed();
        }
    });
    const ws = new ClaudeIdeServer({
        serverVersion,
        logger,
        maxSessionsPerOwner: owner => discovery.profiles.find(p => p.id === owner)?.maxSessions,
        onChange: () => hooks.changed(),
        onSessionEnded: sessionId => broker.withdrawSession(sessionId),
        broker: {
            // Claude Code's blocking openDiff: a proposal withdrawn without a decision (tab closed by the CLI) is a rejection.
            proposeDiff: async (request, signal) => await proposeAndWait(broker, request, signal) ?? { accepted: false },
            closeDiff: (sessionId, filePath) => broker.close(sessionId, filePath),
            closeSessionDiffs: sessionId => broker.withdrawSession(sessionId),
            diagnostics: uri => hooks.diagnostics(uri)
        }
    });
    http.onUpgrade((request, socket, head) => ws.handleUpgrade(request, socket, head));
    contextFeed.onDidChange(() => ws.updateSelection(claudeSelectionOf(contextFeed.latest())));
    const copilot = new CopilotIdeServer({
        host: options.host ?? currentHostEnvironment(),
        ideName: options.ideInfo.displayName,
        serverVersion,
        backendPid: options.backendPid ?? process.pid,
        logger,
        maxSessions: discovery.profiles.find(p => transportOf(p) === 'pipe')?.maxSessions,
        clock: options.http?.clock,
        onChange: () => hooks.changed(),
        onSessionEnded: sessionId => broker.withdrawSession(sessionId),
        ide: {
            proposeDiff: (request, signal) => proposeAndWait(broker, request, signal, undefined,
                outcome => outcome.accepted && outcome.content !== request.newContent ? COPILOT_EDITS_NOT_CARRIED : undefined),
            closeDiff: (sessionId, filePath) => broker.close(sessionId, filePath),
            diagnostics: uri => hooks.diagnostics(uri),
            selection: () => {
                const selection = claudeSelectionOf(contextFeed.latest());
                return selection && { ...selection, current: true };
            }
        }
    });
    contextFeed.onDidChange(() => copilot.updateSelection(claudeSelectionOf(contextFeed.latest())));
    const codexClients = new CodexClients({ processes: options.codexProcesses, clock: options.http?.clock, onChange: () => hooks.changed() });
    return { logger, serverVersion, discovery, contextFeed, broker, http, ws, copilot, codexClients };
}
