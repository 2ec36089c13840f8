import type * as acp from '@agentclientprotocol/sdk';

/**
 * What an agent's `initialize` offers for sessions beyond `session/new`. In ACP v1 (SDK 2.4) `session/load`
 * is the top-level `agentCapabilities.loadSession: true`; list, resume, close and delete are objects under
 * `agentCapabilities.sessionCapabilities` (`{}` = offered, absent or null = not).
 */
export interface AgentSessionCapabilities {
    readonly load: boolean;
    readonly resume: boolean;
    readonly list: boolean;
    readonly close: boolean;
    readonly delete: boolean;
}

export const NO_SESSION_CAPABILITIES: AgentSessionCapabilities = { load: false, resume: false, list: false, close: false, delete: false };

export function sessionCapabilitiesOf(initialize: acp.InitializeResponse | undefined): AgentSessionCapabilities {
    const agent = initialize?.agentCapabilities;
    const session = agent?.sessionCapabilities;
    const offered = (value: unknown) => value !== undefined && value !== null && value !== false;
    return {
        load: agent?.loadSession === true,
        resume: offered(session?.resume),
        list: offered(session?.list),
        close: offered(session?.close),
        delete: offered(session?.delete)
    };
}
