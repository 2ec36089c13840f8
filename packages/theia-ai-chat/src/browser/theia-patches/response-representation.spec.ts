import * as assert from 'assert';
import { ChatAgentLocation } from '@theia/ai-chat/lib/common/chat-agents';
import {
    MarkdownChatResponseContentImpl, MutableChatModel, MutableChatResponseModel, ThinkingChatResponseContentImpl
} from '@theia/ai-chat/lib/common/chat-model';
import { AcpMarkdownPart } from '../turn/markdown-parts';
import { joinTextOnDemand } from './response-representation';

/** Theia's ChatResponseImpl (not exported) as a response model holds it. */
type ChatResponse = MutableChatResponseModel['response'];

function newResponse(): ChatResponse {
    const model = new MutableChatModel(ChatAgentLocation.Panel);
    return model.addRequest({ request: { text: 'hi' }, parts: [], toolRequests: new Map(), variables: [] }, 'GeminiCLI').response.response;
}

/** The same stream of parts into a response. */
function stream(response: ChatResponse): void {
    response.addContent(new ThinkingChatResponseContentImpl('**Plan**\nthink', ''));
    for (let i = 0; i < 20; i++) {
        const part = new AcpMarkdownPart(`Paragraph ${i} ü.\n\n`);
        response.addContent(part);
        response.addContent(new MarkdownChatResponseContentImpl(`more ${i}\n\n`)); // merged into the open part
        part.sealed = true;
    }
}

/** Counts Theia's joins of the whole response text. */
function countJoins(response: ChatResponse): { joins: number } {
    const counter = { joins: 0 };
    const target = response as unknown as { responseRepresentationsToString(...args: unknown[]): string };
    const join = target.responseRepresentationsToString;
    target.responseRepresentationsToString = (...args) => { counter.joins++; return join.apply(target, args); };
    return counter;
}

describe('joinTextOnDemand (the response text joined when asked for)', () => {
    it('does not join the whole text on every added part', () => {
        const response = newResponse();
        const counter = countJoins(response);
        joinTextOnDemand(response);
        stream(response);
        assert.equal(counter.joins, 0);
        response.asString();
        assert.equal(counter.joins, 2); // Theia joins both texts at once
        response.asDisplayString();
        response.asString();
        assert.equal(counter.joins, 2); // nothing changed since
    });

    it('gives the same text as Theia\'s own response, before and after more parts', () => {
        const ours = newResponse();
        const theirs = newResponse();
        joinTextOnDemand(ours);
        stream(ours);
        stream(theirs);
        assert.equal(ours.asString(), theirs.asString());
        assert.equal(ours.asDisplayString(), theirs.asDisplayString());
        ours.addContent(new MarkdownChatResponseContentImpl('tail'));
        theirs.addContent(new MarkdownChatResponseContentImpl('tail'));
        assert.ok(ours.asString().endsWith('tail'));
        assert.equal(ours.asString(), theirs.asString());
        ours.clearContent();
        assert.equal(ours.asString(), '');
    });

    it('is applied once: a second call changes nothing', () => {
        const response = newResponse();
        joinTextOnDemand(response);
        const asString = response.asString;
        joinTextOnDemand(response);
        assert.equal(response.asString, asString);
    });
});
