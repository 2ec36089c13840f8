import type * as acp from '@agentclientprotocol/sdk';
import type { AgentProcess } from './agent-process';
import type { AgentSessionCapabilities } from './session-capabilities';

/** A session to continue: the id the agent gave it, and the folder and MCP servers it runs with. */
export interface AttachRequest {
    readonly sessionId: string;
    /** The session's folder; the remembered one, else the workspace, when left out. */
    readonly cwd?: string;
    readonly mcpServers?: acp.McpServer[];
    /**
     * `resume` (the default): `session/resume` where offered, for a client that still shows the transcript.
     * `load`: `session/load` where offered, for a client that needs the transcript (the replay).
     */
    readonly prefer?: 'resume' | 'load';
    /** How long load or resume may take before the session is started fresh (default 60 s). */
    readonly timeoutMs?: number;
}

/**
 * How the session continues: `live` (it was still open in the running agent: nothing sent), `resumed`
 * (`session/resume`), `loaded` (`session/load`, with its `replay`), or `new` (a fresh session, with the
 * plain `reason` the agent's memory of the conversation is gone).
 */
export type AttachHow = 'live' | 'resumed' | 'loaded' | 'new';

/** What the session started with (the new, load or resume answer with its id): modes, configOptions, and the unstable `models`, read loosely. */
export type SessionState = acp.NewSessionResponse;

export interface AttachedSession {
    /** The requested id, except after `new`. */
    readonly sessionId: string;
    readonly how: AttachHow;
    /**
     * `loaded` only: the transcript updates the agent replayed (messages, thoughts, tool calls, plan), in order.
     * They are not given to `onUpdate`: a client that shows the transcript already drops them
     * (`replayNotShown`), one that does not shows them. State updates sent during the load (commands, mode,
     * config options, usage, title) reach `onUpdate` as usual.
     */
    readonly replay?: acp.SessionUpdate[];
    /** `new` only: why the agent does not continue the conversation, for a chat line. */
    readonly reason?: string;
    readonly state: SessionState;
    readonly agent: AgentProcess;
}

export const DEFAULT_ATTACH_TIMEOUT_MS = 60_000;

/** The updates a `session/load` replay consists of; everything else is the session's current state. */
const TRANSCRIPT_UPDATES = new Set<acp.SessionUpdate['sessionUpdate']>([
    'user_message_chunk', 'agent_message_chunk', 'agent_thought_chunk', 'tool_call', 'tool_call_update', 'plan', 'compaction_summary_chunk'
]);

export function isTranscriptUpdate(update: acp.SessionUpdate): boolean {
    return TRANSCRIPT_UPDATES.has(update.sessionUpdate);
}

/** Which method continues a session on this agent, or none (then `session/new`). */
export function attachMethod(capabilities: AgentSessionCapabilities, prefer: 'resume' | 'load' = 'resume'): 'session/resume' | 'session/load' | undefined {
    if (prefer === 'load' && capabilities.load) {
        return 'session/load';
    }
    if (capabilities.resume) {
        return 'session/resume';
    }
    return capabilities.load ? 'session/load' : undefined;
}

/** The chat line for a session that starts fresh. */
export function freshStartReason(agentName: string, failure?: string): string {
    return failure === undefined
        ? `${agentName} cannot resume sessions: this conversation starts fresh, and the agent does not remember the earlier messages.`
        : `${agentName} no longer knows this session (${failure}): this conversation starts fresh, and the agent does not remember the earlier messages.`;
}

/** Rejects with `message` after `ms` unless `work` settles first. */
export async function within<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
    });
    try {
        return await Promise.race([work, timeout]);
    } finally {
        clearTimeout(timer);
    }
}
