import type { ChatModel, ChatRequestModel, ChatResponseContent, MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import type { AcpContentBlock, AcpSessionInfo } from '../../common/acp-chat-protocol';
import { promptText } from '../input/prompt-builder';
import { AcpMarkdownPart } from '../turn/markdown-parts';
import { EarlierAnswerItem, EarlierTurn, earlierTranscript } from './earlier-transcript';
import { AcpEarlierContextContent } from './earlier-context-view';

/** The address of the transcript when it goes as an embedded resource (agents show it as `@<uri>`). */
export const EARLIER_CONVERSATION_URI = 'chat:earlier-conversation.md';

/**
 * Issue 31 part 1, every agent remembers: when the chat had a session with this agent that could not be continued
 * (the agent offers neither `session/load` nor `session/resume`, its load is known to be broken as gemini 0.61's, or
 * the load or resume failed: `attached.how === 'new'`), the fresh session's first prompt carries the chat's own
 * transcript, ahead of the user's prompt. The answer says so in one line that opens to exactly what was sent; a chat
 * with nothing before this turn keeps the plain line that the agent starts fresh.
 * Returns the blocks to put before the prompt's own (none when the session continues).
 */
export function giveEarlierConversation(request: MutableChatRequestModel, prepared: AcpSessionInfo,
    agent: { readonly id: string; readonly displayName: string }, edited?: EditedMessage): AcpContentBlock[] {
    // Only when this prepare opened the session: one a reloaded window takes over already had it.
    const reason = edited ? editReason(agent.displayName, edited)
        : prepared.opened && prepared.attached?.how === 'new' ? prepared.attached.reason : undefined;
    if (!reason) {
        return [];
    }
    const transcript = earlierTranscript(earlierTurns(request.session, request, agent));
    if (!transcript) {
        request.response.response.addContent(new AcpMarkdownPart(`*${edited ? `${reason}: ${agent.displayName} starts a new session.` : reason}*\n\n`, true));
        return [];
    }
    const turns = `${transcript.included} ${transcript.included === 1 ? 'turn' : 'turns'}`;
    const leftOut = transcript.leftOut > 0 ? `; ${transcript.leftOut} earlier left out` : '';
    const line = edited
        ? `${reason}: ${agent.displayName} continues in a new session, given this chat's conversation before it (${turns}${leftOut}).`
        : `${freshStartCause(reason)}: ${agent.displayName} was given this chat's earlier conversation instead (${turns}${leftOut}).`;
    request.response.response.addContent(new AcpEarlierContextContent(line, transcript.text));
    return [prepared.promptCapabilities.embeddedContext
        ? { type: 'resource', resource: { uri: EARLIER_CONVERSATION_URI, mimeType: 'text/markdown', text: transcript.text } }
        : { type: 'text', text: transcript.text }];
}

/** An edited earlier message (issue 31 part 2): the files the agent changed in the turns that left the view. */
export interface EditedMessage {
    readonly filesLeftAsTheyAre: readonly string[];
}

function editReason(agentName: string, edited: EditedMessage): string {
    const files = edited.filesLeftAsTheyAre;
    const shown = files.slice(0, 5).map(file => file.split('/').pop()).join(', ') + (files.length > 5 ? ` and ${files.length - 5} more` : '');
    return files.length === 0 ? 'You edited an earlier message'
        : `You edited an earlier message; what ${agentName} changed after it stays as it is (${shown})`;
}

/** Why the session starts fresh, without the engine's "…the agent does not remember" (it is now given the transcript). */
export function freshStartCause(reason: string): string {
    return reason.replace(/:\s*this conversation starts fresh\b[\s\S]*$/, '').replace(/[.\s]+$/, '');
}

/** The chat's turns before `current`, oldest first: each request's text and its answer's text and tool calls. */
export function earlierTurns(model: Pick<ChatModel, 'getRequests'>, current: Pick<ChatRequestModel, 'id'>,
    agent: { readonly id: string; readonly displayName: string }): EarlierTurn[] {
    const turns: EarlierTurn[] = [];
    for (const request of model.getRequests()) {
        if (request.id === current.id) {
            break;
        }
        const agentId = request.agentId ?? request.response?.agentId;
        // A restored chat's request may lack text.
        const text = request.request.text ?? '';
        turns.push({
            user: agentId ? promptText(text, agentId) : text,
            agent: agentId === agent.id ? agent.displayName : agentId ?? 'Agent',
            answer: (request.response?.response?.content ?? []).flatMap(answerItem)
        });
    }
    return turns;
}

/** Text kinds an answer's words are in: ours, and Theia's (chats saved before ours had a kind, Theia's own agents). */
const TEXT_KINDS = new Set(['acpMarkdown', 'markdownContent', 'text']);
/** Tool calls: ours (restored as Theia's unknown content with this original kind, its text kept), and Theia's. */
const TOOL_KINDS = new Set(['acpToolCall', 'acpHiddenToolCalls']);

function answerItem(part: ChatResponseContent): EarlierAnswerItem[] {
    const kind = part.kind === 'unknown' ? (part as { originalKind?: string }).originalKind : part.kind;
    if (kind && TEXT_KINDS.has(kind)) {
        return [{ text: part.asString?.() ?? '' }];
    }
    if (kind && TOOL_KINDS.has(kind)) {
        const summary = part.asString?.();
        return summary ? [{ tool: summary.replace(/^Tool call /, '') }] : [];
    }
    if (kind === 'toolCall') {
        const name = (part as { name?: unknown }).name;
        return typeof name === 'string' ? [{ tool: name }] : [];
    }
    // Thinking, errors, buttons, plans, questions and this very note are not the conversation.
    return [];
}
