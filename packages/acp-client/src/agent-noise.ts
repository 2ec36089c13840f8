import type * as acp from '@agentclientprotocol/sdk';

/** gemini announces a mode switch as message text too, e.g. "[MODE_UPDATE] autoEdit" (acp.md §3), beside current_mode_update. */
const MODE_ANNOUNCEMENT = /^\s*\[MODE_UPDATE\]/;

/**
 * Whether an update is an agent's quirk that no consumer shows: gemini's mode announcement as message text, and
 * the empty message chunk qwen sends with its usage. The engine drops these once, for the chat and the Agent API alike.
 */
export function isAgentNoise(update: acp.SessionUpdate): boolean {
    if (update.sessionUpdate !== 'agent_message_chunk' || update.content.type !== 'text') {
        return false;
    }
    return update.content.text === '' || MODE_ANNOUNCEMENT.test(update.content.text);
}
