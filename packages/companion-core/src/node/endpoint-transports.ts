import { ClientProfile, ClientTransport } from '../common/client-profiles';
import { EndpointSessionStatus, WorkspaceState } from '../common/endpoint-status';
import { CODEX_PROFILE_ID } from './codex-ipc';
import { EndpointParts } from './companion-endpoint-parts';

/** What a transport's server is told when the endpoint starts or its clients change. */
export interface TransportState {
    /** The enabled profiles on this transport (none: its server stops or refuses everyone). */
    readonly profiles: readonly ClientProfile[];
    /** Their bearer tokens by profile id, for the transports whose CLIs read a discovery file. */
    readonly tokens: ReadonlyMap<string, string>;
    /** The endpoint's HTTP port; 0 before it listens. */
    readonly port: number;
    readonly workspace: WorkspaceState;
    readonly stopped: boolean;
}

/**
 * What the endpoint does with each transport's server, so the endpoint branches on neither a client id
 * nor a transport. A new transport is its server (one file, made in `createEndpointParts`) and one row here
 * (and one in common/client-transports.ts, which the editors read).
 */
export interface EndpointTransportRow {
    /** The server listens, or the enabled clients changed: (re)token, start or stop this transport's server. */
    sync(parts: EndpointParts, state: TransportState): void | Promise<void>;
    /** Its CLI sessions, for the endpoint's status. */
    sessions(parts: EndpointParts, state: TransportState): EndpointSessionStatus[];
    /** Files it writes itself (a lock), for the status, and removed synchronously at exit. */
    files?(parts: EndpointParts): string[];
    removeFilesSync?(parts: EndpointParts): void;
    lastError?(parts: EndpointParts): string | undefined;
    workspaceChanged?(parts: EndpointParts, workspace: WorkspaceState): void;
    /** The window's problems of these files changed. */
    diagnosticsChanged?(parts: EndpointParts, uris: readonly string[]): void;
    /** The endpoint stops (the HTTP listener closes after every row has stopped: the WebSocket rides on it). */
    stop(parts: EndpointParts): void | Promise<void>;
}

/** In the order of the status's sessions and of stopping. */
export const ENDPOINT_TRANSPORTS: Readonly<Record<ClientTransport, EndpointTransportRow>> = {
    // Gemini CLI's, Qwen Code's and LLxprt Code's: MCP Streamable HTTP on the port, one token per client.
    http: {
        sync: (parts, { tokens }) => parts.http.setTokens(tokens),
        sessions: parts => parts.http.sessionList.map(s => ({
            id: s.id, clientId: s.owner, since: s.createdAt, streaming: s.transport.hasStream, remotePort: s.remotePort
        })),
        stop: () => undefined
    },
    // Claude Code's: MCP over WebSocket upgrades of the same port.
    ws: {
        sync: (parts, { port, tokens }) => {
            if (port) {
                parts.ws.setTokens(port, tokens);
            }
        },
        sessions: parts => parts.ws.sessionList.map(s => ({ id: s.id, clientId: s.owner, since: s.createdAt, streaming: true, remotePort: s.remotePort })),
        stop: parts => parts.ws.close()
    },
    // Copilot CLI's: the window's own Unix socket and lock file, which exist exactly while a client of it is enabled.
    pipe: {
        sync: async (parts, { profiles, port, workspace, stopped }) => {
            if (profiles.length > 0 && !stopped && port) {
                await parts.copilot.start(workspace);
            } else if (profiles.length === 0) {
                await parts.copilot.stop();
            }
        },
        sessions: parts => parts.copilot.sessionList.map(s => ({ id: s.id, clientId: s.owner, since: s.createdAt, streaming: s.streaming, name: s.name, pid: s.pid })),
        files: parts => parts.copilot.lockFile ? [parts.copilot.lockFile] : [],
        removeFilesSync: parts => parts.copilot.removeLockSync(),
        lastError: parts => parts.copilot.lastError,
        workspaceChanged: (parts, workspace) => parts.copilot.setWorkspace(workspace),
        diagnosticsChanged: (parts, uris) => parts.copilot.diagnosticsChanged(uris),
        stop: parts => parts.copilot.stop()
    },
    // Codex CLI's: the backend's one socket answers for this window while a client of it is enabled here.
    ipc: {
        sync: (parts, { profiles, stopped }) => {
            if (profiles.length === 0 || stopped) {
                parts.codexClients.clear();
            }
        },
        // No stream: Codex asks anew before each prompt.
        sessions: parts => parts.codexClients.list().map(c => ({ id: c.id, clientId: CODEX_PROFILE_ID, since: c.since, streaming: false, pid: c.pid })),
        stop: parts => parts.codexClients.clear()
    }
};

export const TRANSPORT_ENTRIES = Object.entries(ENDPOINT_TRANSPORTS) as readonly [ClientTransport, EndpointTransportRow][];

export function eachTransport(action: (row: EndpointTransportRow) => void): void {
    TRANSPORT_ENTRIES.forEach(([, row]) => action(row));
}

/** Syncs every transport at once; one that fails (its server cannot start) is logged and kept in `errors`, the others go on. */
export async function syncTransports(parts: EndpointParts, stateOf: (transport: ClientTransport) => TransportState,
    errors: Map<ClientTransport, string>): Promise<void> {
    await Promise.all(TRANSPORT_ENTRIES.map(async ([name, row]) => {
        const state = stateOf(name);
        try {
            await row.sync(parts, state);
        } catch (error) {
            const message = `Cannot serve ${state.profiles.map(p => p.displayName).join(', ')}: ${(error as Error).message}`;
            errors.set(name, message);
            parts.logger.error(message);
        }
    }));
}
