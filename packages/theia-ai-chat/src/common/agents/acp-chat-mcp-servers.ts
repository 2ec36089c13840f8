import type { UserSettingReader } from '../acp-chat-preferences';

/** Theia's MCP server list (`@theia/ai-mcp`): read here by name, so this package needs no import of it. */
export const THEIA_MCP_SERVERS_PREFERENCE = 'ai-features.mcp.mcpServers';
/** The chat agents (by @ name) that get none of Theia's MCP servers. */
export const MCP_EXCLUDED_AGENTS_PREFERENCE = 'aiCliChat.mcpServers.exclude';

/** The ACP `McpServer` shapes (`@agentclientprotocol/sdk` 2.4), spelled out so the common code needs no SDK import. */
export type AcpMcpServer =
    | { name: string; command: string; args: string[]; env: { name: string; value: string }[] }
    | { type: 'http' | 'sse'; name: string; url: string; headers: { name: string; value: string }[] };

/** `agentCapabilities.mcpCapabilities` from the agent's `initialize`. */
export interface AgentMcpCapabilities {
    readonly http?: boolean;
    readonly sse?: boolean;
}

/**
 * The MCP servers of the user's `ai-features.mcp.mcpServers` that the agent `agentId` gets in
 * `session/new`/`load`/`resume`: every local (stdio) server; a remote one only where the agent
 * declares `mcpCapabilities.http` (Theia itself tries streamable HTTP first) or, failing that, `sse`;
 * none for an agent the user lists in `aiCliChat.mcpServers.exclude`.
 *
 * `read` must read the user scope only: an MCP server is a program (or a URL with the user's token)
 * the agent runs with the user's rights, so a cloned repository's `.theia/settings.json` must not add one.
 */
export function mcpServersForAgent(read: UserSettingReader, agentId: string, capabilities: AgentMcpCapabilities | undefined): AcpMcpServer[] {
    const excluded = read(MCP_EXCLUDED_AGENTS_PREFERENCE);
    if (Array.isArray(excluded) && excluded.includes(agentId)) {
        return [];
    }
    const configured = read(THEIA_MCP_SERVERS_PREFERENCE);
    if (!configured || typeof configured !== 'object' || Array.isArray(configured)) {
        return [];
    }
    const servers: AcpMcpServer[] = [];
    for (const [name, entry] of Object.entries(configured as Record<string, unknown>)) {
        const server = acpMcpServer(name, entry, capabilities ?? {});
        if (server) {
            servers.push(server);
        }
    }
    return servers;
}

function acpMcpServer(name: string, entry: unknown, capabilities: AgentMcpCapabilities): AcpMcpServer | undefined {
    if (!entry || typeof entry !== 'object') {
        return undefined;
    }
    const server = entry as Record<string, unknown>;
    if (typeof server.command === 'string' && server.command) {
        const args = Array.isArray(server.args) ? server.args.filter((arg): arg is string => typeof arg === 'string') : [];
        return { name, command: server.command, args, env: pairs(server.env) };
    }
    if (typeof server.serverUrl === 'string' && server.serverUrl) {
        const type = capabilities.http ? 'http' : capabilities.sse ? 'sse' : undefined;
        if (!type) {
            return undefined;
        }
        const headers = pairs(server.headers);
        if (typeof server.serverAuthToken === 'string' && server.serverAuthToken) {
            // As Theia's own MCP client sends it (mcp-server.ts): the named header, else a bearer token.
            headers.push(typeof server.serverAuthTokenHeader === 'string' && server.serverAuthTokenHeader
                ? { name: server.serverAuthTokenHeader, value: server.serverAuthToken }
                : { name: 'Authorization', value: `Bearer ${server.serverAuthToken}` });
        }
        return { type, name, url: server.serverUrl, headers };
    }
    return undefined;
}

function pairs(value: unknown): { name: string; value: string }[] {
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
        return [];
    }
    return Object.entries(value as Record<string, unknown>)
        .filter((pair): pair is [string, string] => typeof pair[1] === 'string')
        .map(([key, text]) => ({ name: key, value: text }));
}
