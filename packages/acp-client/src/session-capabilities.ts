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

/** Offered methods a real agent gets wrong, measured: the engine does not use them (the real agent wins). */
const BROKEN_OFFERS: ReadonlyArray<{ agent: string; version: RegExp; method: keyof AgentSessionCapabilities; why: string }> = [{
    // Its load first starts a new recording for the id, which appends a `$set` that empties the session's
    // history, then reads that history: "No previous sessions found for this project." The session is lost
    // for `gemini --resume` too, so it is not even tried.
    agent: 'gemini-cli', version: /^0\.61\./, method: 'load', why: 'session/load erases the session it loads'
}];

export function sessionCapabilitiesOf(initialize: acp.InitializeResponse | undefined): AgentSessionCapabilities {
    const agent = initialize?.agentCapabilities;
    const session = agent?.sessionCapabilities;
    const offered = (value: unknown) => value !== undefined && value !== null && value !== false;
    const capabilities = {
        load: agent?.loadSession === true,
        resume: offered(session?.resume),
        list: offered(session?.list),
        close: offered(session?.close),
        delete: offered(session?.delete)
    };
    for (const broken of BROKEN_OFFERS) {
        if (initialize?.agentInfo?.name === broken.agent && broken.version.test(initialize.agentInfo.version)) {
            capabilities[broken.method] = false;
        }
    }
    return capabilities;
}
