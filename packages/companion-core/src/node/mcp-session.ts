import type { Logger } from '@ai-cli-companion/node-base';
import type { Clock } from '../common/clock';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { SessionTransport } from './session-transport';

/** The options, session shape and limits of the MCP Streamable HTTP server. */
export interface McpHttpServerOptions {
    /** Bearer tokens by owner (a client profile id). Replaceable later with setTokens. */
    readonly tokens: ReadonlyMap<string, string>;
    /** Connects a fresh protocol instance to a new session; one per session, never shared. */
    readonly connectSession: (session: McpSession) => Promise<{ close(): Promise<void> }>;
    readonly logger?: Logger;
    readonly maxBodyBytes?: number;
    readonly keepAliveMs?: number;
    /** How long a session survives without its GET stream before it is dropped (the client retries after ~1 s). */
    readonly reconnectGraceMs?: number;
    /** Sessions that never open a stream and send nothing for this long are dropped. */
    readonly idleSessionMs?: number;
    readonly maxSessions?: number;
    /** Sessions one token (one client profile) may hold, so a program with one CLI's token cannot lock the others out. */
    readonly maxSessionsPerOwner?: number;
    /** The reconnect grace and the idle sweep: specs pass a manual one. */
    readonly clock?: Clock;
    /**
     * Listen on this Unix socket instead of 127.0.0.1 (Copilot CLI's transport); the caller owns its folder.
     * With it, `guard` decides who may talk: a socket has no Host to check and no bearer token.
     */
    readonly socketPath?: string;
    /** Replaces the loopback wall (Host, Origin, bearer token): admits a request by its headers alone. */
    readonly guard?: RequestGuard;
    /** A header of `initialize` in which the client names its process (Copilot CLI: x-copilot-pid). */
    readonly clientPidHeader?: string;
}

/** Who may send a request, by its headers: the owner (a client profile id) or the refusal. */
export interface RequestGuard {
    check(headers: import('http').IncomingHttpHeaders): { owner: string } | { status: 401 | 403; error: string };
}

export interface McpSession {
    readonly id: string;
    /** The token owner that opened the session (a client profile id). */
    readonly owner: string;
    readonly transport: SessionTransport & Transport;
    readonly createdAt: number;
    /**
     * The client-side TCP port of the session's event stream (before it opens: of its latest request); lets the IDE find
     * the CLI process that holds the connection, e.g. to know which terminal runs it.
     */
    readonly remotePort?: number;
    /** The client's process as it named it in `clientPidHeader`: where no TCP port tells it (a Unix socket). */
    readonly pid?: number;
}

export interface McpSessionListener {
    opened?(session: McpSession): void;
    streamOpened?(session: McpSession): void;
    closed?(session: McpSession): void;
}


export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
export const DEFAULT_MAX_SESSIONS = 64;
export const DEFAULT_MAX_SESSIONS_PER_OWNER = 16;
