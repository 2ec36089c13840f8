import type * as acp from '@agentclientprotocol/sdk';

/** One message a client already shows: what the user sent, or the agent's whole answer to it. */
export interface ShownMessage {
    readonly role: 'user' | 'agent';
    readonly text: string;
}

interface ReplayedMessage {
    readonly role: 'user' | 'agent';
    text: string;
    readonly updates: acp.SessionUpdate[];
}

/**
 * What a `session/load` replay adds to a transcript the client already shows: the replayed updates from the
 * first message that is not shown on. Messages are compared in order: consecutive user chunks are one user
 * message, everything between two user messages (text, thoughts, tool calls) is one agent answer, and
 * several shown agent messages in a row count as one. Texts match when, with whitespace collapsed, one
 * contains the other (a chat shows "@QwenCode hello" for the prompt "hello"; an answer cut short by a crash is
 * the start of the recorded one). A replay that differs from the first message on is returned whole: nothing
 * the agent remembers is dropped on a guess.
 */
export function replayNotShown(shown: readonly ShownMessage[], replay: readonly acp.SessionUpdate[]): acp.SessionUpdate[] {
    const replayed = messagesOf(replay);
    const seen = mergeRuns(shown);
    let shownIndex = 0;
    let known = 0;
    while (shownIndex < seen.length && known < replayed.length) {
        if (sameMessage(seen[shownIndex], replayed[known])) {
            shownIndex++;
            known++;
        } else if (seen[shownIndex].role === 'agent' && normalized(seen[shownIndex].text) === '') {
            shownIndex++; // an answer shown empty (a cancelled turn) that the agent did not record
        } else {
            break;
        }
    }
    return replayed.slice(known).flatMap(message => message.updates);
}

function messagesOf(replay: readonly acp.SessionUpdate[]): ReplayedMessage[] {
    const messages: ReplayedMessage[] = [];
    let lastUserMessageId: string | undefined;
    for (const update of replay) {
        const role = update.sessionUpdate === 'user_message_chunk' ? 'user' : 'agent';
        const current = messages.at(-1);
        const messageId = update.sessionUpdate === 'user_message_chunk' ? update.messageId ?? undefined : undefined;
        const startsNewUserMessage = role === 'user' && messageId !== undefined && messageId !== lastUserMessageId;
        if (current?.role === role && !startsNewUserMessage) {
            current.text += textOf(update);
            current.updates.push(update);
        } else {
            messages.push({ role, text: textOf(update), updates: [update] });
        }
        if (role === 'user') {
            lastUserMessageId = messageId;
        }
    }
    return messages;
}

function mergeRuns(shown: readonly ShownMessage[]): ShownMessage[] {
    const merged: ShownMessage[] = [];
    for (const message of shown) {
        const last = merged.at(-1);
        if (last?.role === message.role && message.role === 'agent') {
            merged[merged.length - 1] = { role: 'agent', text: `${last.text}\n${message.text}` };
        } else {
            merged.push(message);
        }
    }
    return merged;
}

function textOf(update: acp.SessionUpdate): string {
    if ((update.sessionUpdate === 'user_message_chunk' || update.sessionUpdate === 'agent_message_chunk') && update.content.type === 'text') {
        return update.content.text;
    }
    return '';
}

function sameMessage(shown: ShownMessage, replayed: ReplayedMessage): boolean {
    if (shown.role !== replayed.role) {
        return false;
    }
    const a = normalized(shown.text);
    const b = normalized(replayed.text);
    return a.includes(b) || b.includes(a);
}

function normalized(text: string): string {
    return text.replace(/\s+/g, ' ').trim();
}
