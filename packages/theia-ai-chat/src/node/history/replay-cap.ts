import { AcpSessionUpdate } from '../../common/acp-chat-protocol';

/**
 * What a `session/load` replay may send to the window (issue 29 part 8: a 40 MB replay grew the backend by
 * ~200 MB and stalled the page for seconds, sent in one answer). A live turn keeps 16 MB of text and shows
 * 100 tool cards; a whole conversation gets a few MB and a few thousand updates, its most recent part.
 */
export const REPLAY_LIMITS = {
    updates: 5_000,
    /** User messages: each becomes a request in Theia's chat, all of them drawn. */
    turns: 500,
    /** Characters of the kept updates as JSON. */
    chars: 4 * 1024 * 1024
};

/**
 * The replay's most recent updates within the limits, after a line saying what was left out. A message or
 * thought chunk too big on its own keeps its end (the newest text); older updates than that are left out.
 */
export function capReplay(replay: readonly AcpSessionUpdate[], limits = REPLAY_LIMITS): AcpSessionUpdate[] {
    const kept: AcpSessionUpdate[] = [];
    let chars = 0;
    let index = replay.length - 1;
    let partly: AcpSessionUpdate | undefined;
    let turns = 0;
    for (; index >= 0 && kept.length < limits.updates; index--) {
        // Read backwards, a user message starts where a user chunk follows anything else.
        if (isUserChunk(replay[index]) && !isUserChunk(kept[kept.length - 1]) && ++turns > limits.turns) {
            // The answer kept last is that message's: it goes with it.
            for (; kept.length > 0 && !isUserChunk(kept[kept.length - 1]); index++) {
                kept.pop();
            }
            break;
        }
        const size = sizeOf(replay[index]);
        if (chars + size > limits.chars) {
            partly = textTail(replay[index], limits.chars - chars);
            break;
        }
        kept.push(replay[index]);
        chars += size;
    }
    if (index < 0) {
        return replay.slice();
    }
    // Updates 0..index are left out, the last of them perhaps only in part.
    const leftOut = replay.slice(0, index + 1).reduce((total, update) => total + sizeOf(update), 0) - (partly ? sizeOf(partly) : 0);
    const note: AcpSessionUpdate = {
        sessionUpdate: 'agent_message_chunk',
        content: { type: 'text', text: `*${(index + 1).toLocaleString('en-US')} earlier updates of this conversation (${shortSize(leftOut)}) `
            + 'were left out: only its most recent part is shown.*\n\n' }
    };
    return [note, ...partly ? [partly] : [], ...kept.reverse()];
}

function isUserChunk(update: AcpSessionUpdate | undefined): boolean {
    return update?.sessionUpdate === 'user_message_chunk';
}

function sizeOf(update: AcpSessionUpdate): number {
    try {
        return JSON.stringify(update)?.length ?? 0;
    } catch {
        return Number.MAX_SAFE_INTEGER; // a cycle cannot come over JSON-RPC; never kept
    }
}

/** The end of a text chunk within `room` characters, or undefined for any other update. */
function textTail(update: AcpSessionUpdate, room: number): AcpSessionUpdate | undefined {
    const chunk = update as { sessionUpdate?: string; content?: { type?: unknown; text?: unknown } };
    const kinds = ['agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk'];
    if (!kinds.includes(chunk.sessionUpdate ?? '') || chunk.content?.type !== 'text' || typeof chunk.content.text !== 'string' || room < 1_024) {
        return undefined;
    }
    // JSON escapes can grow a character to six; the room is kept for the worst case.
    const text = chunk.content.text.slice(-Math.floor((room - 512) / 6));
    return { ...update, content: { type: 'text', text } } as AcpSessionUpdate;
}

function shortSize(chars: number): string {
    return chars >= 1024 * 1024 ? `${(chars / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(chars / 1024)} kB`;
}
