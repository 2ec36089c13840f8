/**
 * The chat's own transcript as context for an agent that could not continue its session (issue 31 part 1): the
 * user's messages and the agents' answers as text, each tool call one line, the most recent turns that fit a budget.
 * Pure: the chat model is read elsewhere (`earlier-conversation.ts`).
 */

/** What one earlier turn said: the user's message, then the answer's text and tool calls in their order. */
export interface EarlierTurn {
    readonly user: string;
    /** Who answered (the agent's name), for the transcript's labels. */
    readonly agent: string;
    readonly answer: readonly EarlierAnswerItem[];
}

export type EarlierAnswerItem = { readonly text: string } | { readonly tool: string };

export interface EarlierTranscript {
    /** Exactly what the agent is given. */
    readonly text: string;
    /** Turns in it (the newest `included` of the chat's earlier turns). */
    readonly included: number;
    /** Earlier turns left out to keep within the budget. */
    readonly leftOut: number;
}

/**
 * About 24 KB: enough for the last several turns of a conversation, small next to any model's context, and sent
 * once; the chat itself shows the whole conversation.
 */
export const EARLIER_TRANSCRIPT_BUDGET = 24 * 1024;
/** A tool call's line is cut here: a title can be a whole command line. */
const TOOL_LINE_CHARS = 200;

const HEADER = 'The conversation so far in this chat, for context: your earlier session of it could not be continued, ' +
    'so this is the chat\'s own transcript (tool calls one line each). The user\'s new message follows.';

/** The transcript of `turns` (oldest first) within `budget` characters, or undefined when there is no turn. */
export function earlierTranscript(turns: readonly EarlierTurn[], budget = EARLIER_TRANSCRIPT_BUDGET): EarlierTranscript | undefined {
    if (turns.length === 0) {
        return undefined;
    }
    // Room for the header and the left-out line, whose number has at most as many digits as the turn count.
    const room = Math.max(0, budget - HEADER.length - leftOutLine(turns.length).length - 4);
    const kept: string[] = [];
    let used = 0;
    for (let index = turns.length - 1; index >= 0; index--) {
        const turn = turnText(turns[index]);
        const cost = turn.length + (kept.length > 0 ? 2 : 0);
        if (used + cost > room) {
            if (kept.length === 0) {
                // Even the newest turn alone is too long: its start and its end, the middle said to be left out.
                kept.push(cutMiddle(turn, room));
            }
            break;
        }
        kept.unshift(turn);
        used += cost;
    }
    const leftOut = turns.length - kept.length;
    const parts = [HEADER, ...leftOut > 0 ? [leftOutLine(leftOut)] : [], ...kept];
    return { text: parts.join('\n\n'), included: kept.length, leftOut };
}

function leftOutLine(count: number): string {
    return `(${count} earlier ${count === 1 ? 'turn is' : 'turns are'} left out.)`;
}

function turnText(turn: EarlierTurn): string {
    const answer: string[] = [];
    let text = '';
    const flush = () => {
        if (text.trim()) {
            answer.push(text.trim());
        }
        text = '';
    };
    for (const item of turn.answer) {
        if ('text' in item) {
            text += item.text;
        } else {
            flush();
            answer.push(`- Tool call: ${oneLine(item.tool)}`);
        }
    }
    flush();
    return `User: ${turn.user.trim()}\n\n${turn.agent}: ${answer.length > 0 ? answer.join('\n') : '(no answer)'}`;
}

/** A tool call as one line: whitespace folded, cut to TOOL_LINE_CHARS. */
export function oneLine(text: string): string {
    const line = text.replace(/\s+/g, ' ').trim();
    return line.length > TOOL_LINE_CHARS ? `${line.slice(0, TOOL_LINE_CHARS - 1)}…` : line;
}

function cutMiddle(text: string, room: number): string {
    const marker = (count: number) => `\n[… ${count} characters of this turn left out …]\n`;
    const keep = Math.max(0, room - marker(text.length).length);
    const head = Math.ceil(keep / 2);
    const tail = keep - head;
    return `${text.slice(0, head)}${marker(text.length - keep)}${tail > 0 ? text.slice(text.length - tail) : ''}`;
}
