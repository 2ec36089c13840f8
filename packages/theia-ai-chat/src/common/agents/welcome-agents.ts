// What the welcome page's agents section (theia-companion, welcome/) shows of the chat's agents. The companion may
// not import the chat, so it runs the command by id and reads this plain shape.

/** Returns `AcpWelcomeAgent[]`: every agent the chat offers, in its order (browser/agents/welcome-agents-command.ts). */
export const WELCOME_AGENTS_COMMAND = 'aiCliChat.welcomeAgents';

/**
 * What this window's chat saw of the agent: a session opened (`signed-in`), a start refused for want of a sign-in
 * (`needs-sign-in`), its program missing (`not-installed`), or nothing yet (`not-started`).
 */
export type AcpAgentReadiness = 'signed-in' | 'needs-sign-in' | 'not-started' | 'not-installed';

export interface AcpWelcomeAgent {
    readonly name: string;
    readonly ready: AcpAgentReadiness;
}

/** The readiness a turn's outcome says of its agent: undefined for a failure that says nothing of sign-in or install. */
export function readinessAfter(errorCode: string | undefined): AcpAgentReadiness | undefined {
    switch (errorCode) {
        case undefined: return 'signed-in';
        case 'AUTH_REQUIRED': return 'needs-sign-in';
        case 'AGENT_NOT_FOUND': return 'not-installed';
        default: return undefined;
    }
}
