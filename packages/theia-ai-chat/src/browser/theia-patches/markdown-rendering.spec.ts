import '../../test/jsdom';

import * as assert from 'assert';
import * as React from '@theia/core/shared/react';
import { act } from '@theia/core/shared/react';
import { OpenerService } from '@theia/core/lib/browser/opener-service';
import * as markdownPartRenderer from '@theia/ai-chat-ui/lib/browser/chat-response-renderer/markdown-part-renderer';
import type { DeclaredEventsEventListenerObject } from '@theia/ai-chat-ui/lib/browser/chat-response-renderer/markdown-part-renderer';
import { chatMarkdownParser } from '../../common/chat-markdown';
import { renderMarkdownWithOneParser, useMarkdownRenderingWithOneParser } from './markdown-rendering';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRoot } = require('@theia/core/shared/react-dom/client') as { createRoot(host: Element): { render(node: React.ReactNode): void; unmount(): void } };

type Hook = typeof markdownPartRenderer.useMarkdownRendering;
const theias: Hook = markdownPartRenderer.useMarkdownRendering;

const opened: string[] = [];
const openerService = {
    getOpener: async () => ({ open: async (uri: { toString(): string }) => { opened.push(uri.toString()); } })
} as unknown as OpenerService;

interface Args { text: string; skipParagraph?: boolean; handler?: DeclaredEventsEventListenerObject; blockExternal?: boolean }

async function render(hook: Hook, args: Args): Promise<HTMLElement> {
    const Component = () => {
        const ref = hook(args.text, openerService, args.skipParagraph, args.handler, args.blockExternal);
        return React.createElement('div', { ref });
    };
    const host = document.createElement('div');
    document.body.appendChild(host);
    await act(async () => createRoot(host).render(React.createElement(Component)));
    return host;
}

const markdown = [
    '# Title :rocket:', '', 'Some **bold**, a [link](https://example.com/a), and <b>html</b>.', '',
    '- one', '```ts', 'const x = 1;', '```', '',
    '<img src="https://example.com/x.png"> <iframe src="https://example.com"></iframe> <script>alert(1)</script>'
].join('\n');

function click(element: Element): MouseEvent {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    element.dispatchEvent(event);
    return event;
}

describe('Theia\'s useMarkdownRendering with one markdown-it (theia-patches/markdown-rendering.tsx)', () => {
    after(() => Object.assign(markdownPartRenderer, { useMarkdownRendering: theias }));

    for (const args of [
        { text: markdown },
        { text: markdown, blockExternal: false },
        { text: 'just a line :tada:', skipParagraph: true },
        { text: '' }
    ] as Args[]) {
        it(`renders what Theia's hook renders: ${JSON.stringify({ ...args, text: args.text.slice(0, 20) })}`, async () => {
            const mine = await render(useMarkdownRenderingWithOneParser, args);
            const expected = await render(theias, args);
            assert.strictEqual(mine.innerHTML, expected.innerHTML);
            assert.ok(!mine.innerHTML.includes('<script'));
        });
    }

    it('a link opens through the opener service, the browser does not navigate', async () => {
        const host = await render(useMarkdownRenderingWithOneParser, { text: markdown });
        opened.length = 0;
        const event = click(host.querySelector('a[href="https://example.com/a"]')!);
        await new Promise(resolve => setTimeout(resolve, 0));
        assert.ok(event.defaultPrevented);
        assert.deepStrictEqual(opened, ['https://example.com/a']);
    });

    it('"allow" on a held-back image shows it, and opens nothing', async () => {
        const host = await render(useMarkdownRenderingWithOneParser, { text: '<img src="https://example.com/x.png">' });
        assert.strictEqual(host.querySelector('img'), null);
        opened.length = 0;
        const allow = host.querySelector('[class*="allow"]');
        assert.ok(allow, host.innerHTML);
        click(allow);
        assert.strictEqual(host.querySelector('img')?.getAttribute('src'), 'https://example.com/x.png');
        assert.deepStrictEqual(opened, []);
    });

    it('the caller\'s handler goes first: true keeps the link closed; its other events reach it', async () => {
        const seen: string[] = [];
        const handler: DeclaredEventsEventListenerObject = { handledEvents: ['mouseover'], handleEvent: event => { seen.push(event.type); event.preventDefault(); return true; } };
        const host = await render(useMarkdownRenderingWithOneParser, { text: '[x](https://example.com)', handler });
        opened.length = 0;
        click(host.querySelector('a')!);
        host.querySelector('a')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
        await new Promise(resolve => setTimeout(resolve, 0));
        assert.deepStrictEqual(seen, ['click', 'mouseover']);
        assert.deepStrictEqual(opened, []);
    });

    it('once patched, Theia\'s own components render through it, all with the one parser', async () => {
        renderMarkdownWithOneParser();
        assert.strictEqual(markdownPartRenderer.useMarkdownRendering, useMarkdownRenderingWithOneParser);
        const parser = chatMarkdownParser();
        const renders: string[] = [];
        const original = parser.render;
        parser.render = (text: string, env?: unknown) => { renders.push(text); return original.call(parser, text, env); };
        try {
            const host = document.createElement('div');
            document.body.appendChild(host);
            await act(async () => createRoot(host).render(React.createElement(markdownPartRenderer.MarkdownRender, { text: 'one **two**', openerService })));
            assert.deepStrictEqual(renders, ['one **two**']);
            assert.ok(host.innerHTML.includes('<strong>two</strong>'), host.innerHTML);
        } finally {
            parser.render = original;
        }
    });
});
