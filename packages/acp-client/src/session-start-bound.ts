import type * as acp from '@agentclientprotocol/sdk';

/**
 * How long an agent may take to open a session (`session/new`; `initialize` has its own bound). An agent
 * connects the session's MCP servers before it answers (gemini does), so a server that never answers
 * would otherwise leave the chat at "Starting …" for as long as the agent waits.
 */
export const DEFAULT_SESSION_START_TIMEOUT_MS = 60_000;

/** Test runs of a whole backend shorten the bound with this variable; a configured value wins. */
export const SESSION_START_TIMEOUT_ENV = 'AI_CLI_SESSION_START_TIMEOUT_MS';

/** The names listed in a message at most: a settings file may configure many servers. */
const MAX_NAMED_SERVERS = 5;
const MAX_NAME_LENGTH = 60;

export function sessionStartTimeoutMs(configured?: number): number {
    const fromEnv = Number(process.env[SESSION_START_TIMEOUT_ENV]);
    return configured ?? (fromEnv > 0 ? fromEnv : DEFAULT_SESSION_START_TIMEOUT_MS);
}

export function durationText(ms: number): string {
    return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

/** The MCP servers a session was opened with, for a message: quoted, shortened, at most a handful. */
export function mcpServerNames(mcpServers: readonly acp.McpServer[]): string {
    const names = mcpServers.slice(0, MAX_NAMED_SERVERS).map(server => JSON.stringify(server.name.length > MAX_NAME_LENGTH ? `${server.name.slice(0, MAX_NAME_LENGTH)}…` : server.name));
    const more = mcpServers.length - names.length;
    return `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** Why a session did not open in time: the MCP servers it was connecting, when there were any, are the likely cause. */
export function sessionStartTimeoutMessage(agentName: string, method: string, ms: number, mcpServers: readonly acp.McpServer[]): string {
    if (mcpServers.length === 0) {
        return `${agentName} did not answer ${method} within ${durationText(ms)}.`;
    }
    const servers = `the MCP server${mcpServers.length === 1 ? '' : 's'} ${mcpServerNames(mcpServers)}`;
    return `${agentName} did not finish starting within ${durationText(ms)}; it was connecting ${servers} (${method}): check that ${mcpServers.length === 1 ? 'it answers' : 'they answer'}.`;
}

/** Why a `session/load` or `session/resume` did not answer in time (the session then starts fresh). */
export function attachTimeoutMessage(agentName: string, method: string, ms: number, mcpServers: readonly acp.McpServer[]): string {
    return mcpServers.length > 0 ? sessionStartTimeoutMessage(agentName, method, ms, mcpServers) : `no answer to ${method} within ${durationText(ms)}`;
}

/**
 * `request` (a `session/new`) within `ms`, else rejected with `message`. A session the agent opens after
 * that is nobody's: `onLate` gets it (to close it).
 */
export async function sessionStartWithin<T>(request: Promise<T>, ms: number, message: string, onLate: (late: T) => void): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
            timedOut = true;
            reject(new Error(message));
        }, ms);
    });
    request.then(late => timedOut && onLate(late), () => undefined);
    try {
        return await Promise.race([request, timeout]);
    } finally {
        clearTimeout(timer);
    }
}
