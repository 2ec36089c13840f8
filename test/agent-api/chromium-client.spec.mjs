// A real browser as the GUI: Chromium's fetch() reads the /chat event stream with an
// EventSource-compatible reader (POST + Authorization, which EventSource itself cannot send),
// through a real CORS preflight for an allow-listed origin; a page of any other origin is blocked.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { AgentApiProcess } from '../support/agent-api-process.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';
import { launchChromium } from '../support/theia-app.mjs';

/** Runs in the page: fetch + ReadableStream + the SSE parsing rules of the HTML spec's EventSource. */
async function readChatInPage({ url, token, message }) {
    const response = await fetch(`${url}/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ message, stream: true })
    });
    const events = [];
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let frame = { data: [] };
    for (;;) {
        const { value, done } = await reader.read();
        if (done) {
            break;
        }
        buffer += value;
        const lines = buffer.split(/\r\n|\r|\n/);
        buffer = lines.pop();
        for (const line of lines) {
            if (line === '') {
                if (frame.data.length > 0) {
                    events.push({ id: frame.id, event: frame.event ?? 'message', data: JSON.parse(frame.data.join('\n')) });
                }
                frame = { data: [] };
            } else if (!line.startsWith(':')) {
                const colon = line.indexOf(':');
                const field = colon < 0 ? line : line.slice(0, colon);
                const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
                if (field === 'data') {
                    frame.data.push(text);
                } else if (field === 'id' || field === 'event') {
                    frame[field] = text;
                }
            }
        }
    }
    return { status: response.status, contentType: response.headers.get('content-type'), events };
}

describe('agent API from a page in Chromium', function () {
    let fake, api, browser, pageServer, pageOrigin, otherServer, otherOrigin;

    const servePage = async () => {
        const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>GUI</title>'));
        await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
        return { server, origin: `http://127.0.0.1:${server.address().port}` };
    };

    before(async () => {
        ({ server: pageServer, origin: pageOrigin } = await servePage());
        ({ server: otherServer, origin: otherOrigin } = await servePage());
        fake = await FakeGeminiApi.start();
        api = await AgentApiProcess.start({ agent: 'gemini', fake, args: ['--allow-origin', pageOrigin] });
        browser = await launchChromium();
    });

    after(async () => {
        await browser?.close();
        await api?.stop();
        await fake?.close();
        pageServer?.close();
        otherServer?.close();
        api?.home.cleanup();
    });

    it('streams a chat into an allow-listed page through the CORS preflight', async () => {
        const page = await browser.newPage();
        await page.goto(pageOrigin);
        fake.enqueue({ thought: '**Checking** the question.', chunks: ['Hello ', 'browser.'] });
        const result = await page.evaluate(readChatInPage, { url: api.url, token: api.token, message: 'Hello from a page' });
        assert.equal(result.status, 200);
        assert.match(result.contentType, /^text\/event-stream/);
        assert.deepEqual(result.events.map(event => event.event), ['thought', 'content', 'content', 'content', 'complete']);
        assert.deepEqual(result.events.map(event => event.id), ['1', '2', '3', '4', '5']);
        assert.equal(result.events.filter(e => e.event === 'content').map(e => e.data.data.text).join(''), 'Hello browser.');
        assert.deepEqual(result.events[0].data.data, { subject: 'Checking', description: 'the question.' });
        await page.close();
    });

    it('blocks a page of any other origin: nothing it sends takes effect, and it cannot read an answer', async () => {
        const page = await browser.newPage();
        await page.goto(otherOrigin);
        const target = path.join(api.home.workspace, 'from-evil-page.txt');
        const outcome = await page.evaluate(async ({ url, token, target }) => {
            const results = [];
            // Even a page that somehow learned the token gets nothing: the preflight is refused.
            for (const init of [
                { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ path: target, content: 'pwned' }) },
                // A "simple" request needs no preflight; the server refuses its Origin anyway.
                { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ path: target, content: 'pwned' }) }
            ]) {
                try {
                    const response = await fetch(`${url}/write-file`, init);
                    results.push(`status ${response.status}`);
                } catch (error) {
                    results.push(error.name);
                }
            }
            return results;
        }, { url: api.url, token: api.token, target });
        assert.deepEqual(outcome, ['TypeError', 'TypeError']);
        assert.equal(fs.existsSync(target), false);
        await page.close();
    });
});
