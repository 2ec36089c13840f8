import type { AcpAgentLaunch } from './agent-profiles';

export type AgentFailureCode = 'AGENT_EXITED' | 'AGENT_ERROR' | 'AGENT_START_FAILED' | 'AGENT_NOT_FOUND' | 'AUTH_REQUIRED';

export interface AgentFailure {
    readonly code: AgentFailureCode;
    readonly message: string;
    readonly details: string;
}

/** Raised for every request still pending when the agent process goes away. */
export class AgentExitedError extends Error {
    /** The end of what the agent printed to stderr (scrubbed), once known. */
    stderr = '';
    constructor(readonly description: string) {
        super(description);
    }
}

/** The agent's executable is not there: says how to install it. */
export class AgentNotFoundError extends Error {
    constructor(readonly profile: AcpAgentLaunch, readonly command: string) {
        super(`${profile.displayName} was not found: "${command}" is not on PATH.` +
            (profile.installCommand ? ` Install it (${profile.installCommand}) or name its path in the settings.` : ' Name its path in the settings.'));
    }
}

/** ACP's "auth required" error code (both CLIs use -32000 with an auth message instead). */
const AUTH_REQUIRED = -32000;

/**
 * A readable failure from whatever the engine threw: an exited agent, a JSON-RPC error from the
 * agent (gemini puts the model's HTTP status and raw body in code and message, qwen wraps it in
 * `data.details`), or a start failure. Everything the agent printed passes through `scrub`.
 */
export function describeAgentError(error: unknown, scrub: (text: string) => string, started: boolean): AgentFailure {
    if (error instanceof AgentExitedError) {
        return { code: 'AGENT_EXITED', message: `${error.message}; the next request starts a new agent.`, details: scrub(error.stderr) };
    }
    if (error instanceof AgentNotFoundError) {
        return { code: 'AGENT_NOT_FOUND', message: error.message, details: '' };
    }
    const rpc = error as { code?: number; message?: string; data?: unknown };
    if (typeof rpc?.code === 'number') {
        const data = rpc.data === undefined ? '' : typeof rpc.data === 'string' ? rpc.data : JSON.stringify(rpc.data);
        const message = readableRpcMessage(rpc.message ?? '', rpc.data);
        const auth = rpc.code === AUTH_REQUIRED && /auth|api key|credential|log ?in/i.test(`${message} ${data}`);
        return { code: auth ? 'AUTH_REQUIRED' : 'AGENT_ERROR', message: scrub(message || 'The agent reported an error.'), details: scrub(data) };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { code: started ? 'AGENT_ERROR' : 'AGENT_START_FAILED', message: scrub(message.split('\n')[0]), details: scrub(message) };
}

/** "Internal error" says nothing: prefer `data.details`; a raw JSON body yields its inner message. */
function readableRpcMessage(message: string, data: unknown): string {
    const details = (data as { details?: unknown } | undefined)?.details;
    const text = message === 'Internal error' && typeof details === 'string' ? details : message;
    try {
        const body = JSON.parse(text) as { error?: { message?: string; status?: string; code?: number } };
        if (body?.error?.message) {
            return `${body.error.code ?? ''} ${body.error.status ?? ''}: ${body.error.message}`.replace(/^\s+/, '');
        }
    } catch {
        // not JSON
    }
    return text;
}
