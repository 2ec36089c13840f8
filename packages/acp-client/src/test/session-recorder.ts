import type * as acp from '@agentclientprotocol/sdk';
import { SessionHandlers } from '../session-routes';

export type RecordedSession = SessionHandlers & { updates: acp.SessionUpdate[]; texts(): string };

/**
 * Session handlers that keep every update; `texts()` is the agent's message chunks joined with `joinTextsWith`.
 * Permissions are cancelled unless `overrides` answer them.
 */
export function sessionRecorder(overrides: Partial<SessionHandlers> = {}, joinTextsWith = ''): RecordedSession {
    const updates: acp.SessionUpdate[] = [];
    return {
        updates,
        texts: () => updates.filter(update => update.sessionUpdate === 'agent_message_chunk')
            .map(update => (update as { content: { text: string } }).content.text).join(joinTextsWith),
        onUpdate: update => { updates.push(update); },
        onPermission: async () => ({ outcome: { outcome: 'cancelled' } }),
        ...overrides
    };
}
