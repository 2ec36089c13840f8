// The test suite's fake Gemini API, plus one reply kind the benchmarks need: `{ live }`, a chat turn
// whose SSE events are written one at a time by `live(send)`, so a bench can stamp the instant a
// given chunk leaves the fake (the scripted replies of the test fake are written all at once).
import { FakeGeminiApi } from '../../test/support/fake-gemini-api.mjs';

export class StreamingFakeGeminiApi extends FakeGeminiApi {
    static start({ defaultText = 'ok' } = {}) {
        return new StreamingFakeGeminiApi(defaultText).listen();
    }

    /** When each chat turn's request arrived (performance.timeOrigin + performance.now()). */
    chatArrivals = [];

    async respond(req, res, context) {
        if (context.request.action === 'streamGenerateContent') {
            this.chatArrivals.push(performance.timeOrigin + performance.now());
        }
        const next = this.chatQueue[0];
        if (req.method === 'POST' && context.request.action === 'streamGenerateContent' && next?.live) {
            this.chatQueue.shift();
            res.writeHead(200, { 'content-type': 'text/event-stream' });
            const model = context.request.model;
            /** Writes one text chunk as an SSE event; `last` ends the turn (finishReason STOP). */
            const send = (text, last = false) => new Promise(resolve => res.write(`data: ${JSON.stringify(event(text, model, last))}\r\n\r\n`, resolve));
            await next.live(send);
            res.end();
            return;
        }
        return super.respond(req, res, context);
    }
}

function event(text, model, last) {
    return {
        candidates: [{ content: { role: 'model', parts: [{ text }] }, ...(last ? { finishReason: 'STOP' } : {}), index: 0 }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
        modelVersion: model
    };
}
