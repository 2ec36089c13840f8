import { AcpChatAgentConfig } from '../common/acp-chat-protocol';
import { AcpAgentHosts } from '../node/agents/agent-hosts';
import { AcpApiKeys } from '../node/auth/api-keys';
import { AcpChatServiceImpl } from '../node/session/chat-service-impl';
import { AcpChatTerminals } from '../node/tool-calls/chat-terminals';

export interface SpecChatBackendOptions {
    /** The agent of the user's settings the hosts start; without it they read `aiCliChat.agents` from `preferences`. */
    userAgent?: () => AcpChatAgentConfig;
    /** The settings the backend reads (the user's and a workspace's); none by default. */
    preferences?: { inspect(name: string): unknown };
    terminals?: AcpChatTerminals;
}

/**
 * The chat's backend as the node specs drive it, without a container: the agent hosts (silent; the key store is
 * never asked for an agent with no apiKeyEnv) and one window's chat service on them. `hosts.stopAll()` ends it.
 */
export function specChatBackend(options: SpecChatBackendOptions = {}): { hosts: AcpAgentHosts; service: AcpChatServiceImpl } {
    const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const hosts = Object.assign(new AcpAgentHosts(), {
        logger, apiKeys: new AcpApiKeys(), preferences: options.preferences ?? { inspect: () => undefined },
        ...options.userAgent ? { userAgent: options.userAgent } : {}
    });
    const service = Object.assign(new AcpChatServiceImpl(), { hosts, terminals: options.terminals ?? new AcpChatTerminals() });
    return { hosts, service };
}
