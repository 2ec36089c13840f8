import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import { MutableChatModel, MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { CHAT_DATA_VERSION, SerializedChatData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { ParsedChatRequestTextPart } from '@theia/ai-chat/lib/common/parsed-chat-request';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpUpdateTranslator } from '../turn/update-translator';

export interface ListedChat {
    readonly chatSessionId: string;
    readonly agentId: string;
    readonly title: string;
    readonly saveDate: number;
    /** The agent's `session/load` replay, in order. */
    readonly replay: readonly AcpSessionUpdate[];
}

/**
 * An agent-listed session as Theia's stored chat data: each replayed user message a request, what the agent
 * replayed after it (messages, thoughts, tool calls, plan) its answer, translated as a live turn's updates are.
 * Theia restores the chat from this as from its own files; the chat is pinned to the agent.
 */
export function listedChatData(chat: ListedChat): SerializedChatData {
    const model = new MutableChatModel(ChatAgentLocation.Panel);
    let request: MutableChatRequestModel | undefined;
    let translator: AcpUpdateTranslator | undefined;
    let userText: string | undefined;
    const finish = () => {
        translator?.end();
        request?.response.complete();
        request = undefined;
        translator = undefined;
    };
    const answer = (): AcpUpdateTranslator => {
        if (userText !== undefined || !request) {
            finish();
            const text = userText ?? '';
            // The replayed user text is the agent's to say: Theia renders a request as markdown with live links.
            const shown = literalMarkdown(text);
            request = model.addRequest({
                request: { text }, parts: [new ParsedChatRequestTextPart({ start: 0, endExclusive: shown.length }, shown)],
                toolRequests: new Map(), variables: []
            }, chat.agentId);
            userText = undefined;
            const response = request.response.response;
            translator = new AcpUpdateTranslator({ add: content => response.addContent(content), changed: () => undefined });
        }
        return translator!;
    };
    for (const update of chat.replay) {
        if (!update || typeof update !== 'object') {
            continue;
        }
        if (update.sessionUpdate === 'user_message_chunk') {
            const text = textOf(update.content);
            userText = userText === undefined ? text : userText + text;
        } else {
            answer().update(update);
        }
    }
    if (userText !== undefined) {
        answer(); // the last message got no answer: it is still shown
    }
    finish();
    const data = model.toSerializable();
    model.dispose();
    return {
        version: CHAT_DATA_VERSION, title: chat.title, pinnedAgentId: chat.agentId, saveDate: chat.saveDate,
        model: { ...data, sessionId: chat.chatSessionId }
    };
}

function textOf(content: unknown): string {
    const block = content as { type?: unknown; text?: unknown } | undefined;
    return block?.type === 'text' && typeof block.text === 'string' ? block.text : '';
}

/**
 * Text that markdown shows as it is: every ASCII punctuation character escaped, so a replayed user message
 * makes no link (a `command:` link would run a command on a click), HTML or emphasis in Theia's request view.
 */
export function literalMarkdown(text: string): string {
    return text.replace(/[!-/:-@[-`{-~]/g, character => `\\${character}`);
}
