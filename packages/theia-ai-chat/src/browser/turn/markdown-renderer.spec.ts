import '../../test/jsdom';

import * as assert from 'assert';
import * as React from '@theia/core/shared/react';
import { act } from '@theia/core/shared/react';
import { OpenerService } from '@theia/core/lib/browser/opener-service';
import { URI } from '@theia/core/lib/common/uri';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { MarkdownChatResponseContentImpl } from '@theia/ai-chat/lib/common/chat-model';
import { MarkdownPartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-renderer/markdown-part-renderer';
import { AcpMarkdownPart } from './markdown-parts';
import { AcpMarkdownRenderer, MARKDOWN_CHARS_PER_FRAME, MarkdownRenderBudget, renderChatMarkdown } from './markdown-renderer';
import { manualFrames } from '../../test/manual-frames';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRoot } = require('@theia/core/shared/react-dom/client') as { createRoot(host: Element): { render(node: React.ReactNode): void } };

const opened: string[] = [];
const openerService = {
    getOpener: async () => ({ open: async (uri: { toString(): string }) => { opened.push(uri.toString()); } })
} as unknown as OpenerService;
const workspaceService = { tryGetRoots: () => [{ resource: URI.fromFilePath('/tmp') }] } as unknown as WorkspaceService;

/** What a part renderer puts in the page, as HTML. */
async function renderedHtml(node: React.ReactNode): Promise<{ html: string; host: HTMLElement }> {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    await act(async () => root.render(React.createElement(React.Fragment, undefined, node)));
    return { html: host.innerHTML, host };
}

const markdown = [
    '# Title :rocket:', '', 'Some **bold** and `code`, a [link](file:///tmp/a.ts) and <b>html</b>.', '',
    '- one', '- two', '', '```ts', 'const x = 1;', '```', '', '| a | b |', '| - | - |', '| 1 | 2 |', '',
    '<img src="https://example.com/x.png"> <iframe src="https://example.com"></iframe> <script>alert(1)</script>'
].join('\n');

describe('AcpMarkdownRenderer (one markdown-it for all parts)', () => {
    function renderers(): { ours: AcpMarkdownRenderer; theirs: MarkdownPartRenderer } {
        const ours = new AcpMarkdownRenderer();
        const theirs = new MarkdownPartRenderer();
        Object.assign(ours, { openerService, workspaceService, renderBudget: new MarkdownRenderBudget(manualFrames().schedule) });
        Object.assign(theirs, { openerService });
        return { ours, theirs };
    }

    it('renders the same elements as Theia\'s markdown part renderer', async () => {
        const { ours, theirs } = renderers();
        const part = new AcpMarkdownPart(markdown);
        const mine = await renderedHtml(ours.render(part));
        const expected = await renderedHtml(theirs.render(new MarkdownChatResponseContentImpl(markdown)));
        assert.ok(mine.html.includes('<strong>bold</strong>') && mine.html.includes('🚀'), mine.html);
        assert.ok(!mine.html.includes('<script'));
        assert.equal(mine.html.replace('<div class="theia-acp-markdown">', '<div>'), expected.html);
    });

    it('takes our parts only, before Theia\'s renderer', () => {
        const { ours, theirs } = renderers();
        assert.ok(ours.canHandle(new AcpMarkdownPart('x')) > theirs.canHandle(new AcpMarkdownPart('x')));
        assert.equal(ours.canHandle(new MarkdownChatResponseContentImpl('x')), -1);
    });

    it('opens a clicked link through Theia\'s opener service', async () => {
        const { ours } = renderers();
        const { host } = await renderedHtml(ours.render(new AcpMarkdownPart('see [the docs](https://example.com/docs)')));
        host.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
        await new Promise(resolve => setTimeout(resolve, 0));
        assert.deepEqual(opened, ['https://example.com/docs']);
    });

    const click = async (element: Element) => {
        element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
        await new Promise(resolve => setTimeout(resolve, 0));
    };

    it('shows a command: link as text, and a click on it runs nothing', async () => {
        opened.length = 0;
        const { ours } = renderers();
        const { host } = await renderedHtml(ours.render(new AcpMarkdownPart([
            'See [README.md](command:aiCliCompanion.installCli?%5B%22gemini%22%5D),',
            '<a href="COMMAND:workbench.action.terminal.new">this</a> and <a href="vscode://file/tmp/x">that</a>.'
        ].join(' '))));
        assert.equal(host.querySelectorAll('a').length, 0, host.innerHTML);
        const inert = host.querySelectorAll('.theia-acp-inert-link');
        assert.deepEqual(Array.from(inert, span => span.textContent), ['README.md', 'this', 'that']);
        assert.match(inert[0].getAttribute('title') ?? '', /command:aiCliCompanion\.installCli/);
        for (const span of Array.from(inert)) {
            await click(span);
        }
        assert.deepEqual(opened, []);
    });

    it('opens files inside the workspace (relative paths too), never outside it', async () => {
        opened.length = 0;
        const { ours } = renderers();
        const { host } = await renderedHtml(ours.render(new AcpMarkdownPart(
            '<a href="file:///tmp/a.ts">in</a> [relative](notes/b.md) <a href="file:///etc/passwd">out</a> [up](../etc/passwd)')));
        assert.deepEqual(Array.from(host.querySelectorAll('a'), link => link.textContent), ['in', 'relative'], host.innerHTML);
        for (const element of Array.from(host.querySelectorAll('a, .theia-acp-inert-link'))) {
            await click(element);
        }
        assert.deepEqual(opened, ['file:///tmp/a.ts', 'file:///tmp/notes/b.md']);
    });

    it('renders a burst of parts over several frames, about MARKDOWN_CHARS_PER_FRAME each, in order (issue 21)', async () => {
        const frames = manualFrames();
        const { ours } = renderers();
        Object.assign(ours, { renderBudget: new MarkdownRenderBudget(frames.schedule) });
        const size = MARKDOWN_CHARS_PER_FRAME / 2;
        const parts = Array.from({ length: 5 }, (_, i) => new AcpMarkdownPart(`${i}`.repeat(size)));
        const { host } = await renderedHtml(parts.map((part, i) => React.createElement(React.Fragment, { key: i }, ours.render(part))));
        const rendered = () => host.querySelectorAll('p').length;
        assert.equal(rendered(), 2, 'two parts fit in the first frame');
        await act(async () => frames.frame());
        assert.equal(rendered(), 4);
        await act(async () => frames.frame());
        assert.equal(rendered(), 5);
        assert.deepEqual(Array.from(host.querySelectorAll('p'), p => p.textContent![0]), ['0', '1', '2', '3', '4']);
        // One part larger than a frame's budget still renders at once when it comes first.
        await act(async () => frames.frame());
        const { host: big } = await renderedHtml(ours.render(new AcpMarkdownPart('x'.repeat(3 * MARKDOWN_CHARS_PER_FRAME))));
        assert.equal(big.querySelectorAll('p').length, 1);
    });
});

describe('renderChatMarkdown: what an agent\'s HTML may not do (issue 29 part 3)', () => {
    const html = (markdown: string) => {
        const host = document.createElement('div');
        host.appendChild(renderChatMarkdown(markdown, () => undefined));
        return host;
    };

    it('drops forms and their fields, buttons, image maps and style sheets, keeping their text', () => {
        const host = html([
            '<form action="https://evil.example/login" method="post"><label>Password <input type="password" name="p"></label>',
            '<select name="s"><option>one</option></select><textarea name="t">note</textarea><button type="submit">Sign in</button></form>',
            '<img alt="map" usemap="#m"><map name="m"><area shape="rect" coords="0,0,9,9" href="https://evil.example"></map>',
            '<style>body::after { content: "x"; position: fixed; inset: 0 }</style>'
        ].join(''));
        for (const tag of ['form', 'input', 'button', 'select', 'textarea', 'option', 'map', 'area', 'style']) {
            assert.equal(host.querySelector(tag), null, `no <${tag}>: ${host.innerHTML}`);
        }
        assert.ok(host.textContent!.includes('Sign in'));
        assert.ok(host.textContent!.includes('Password'));
    });

    it('takes fixed, sticky and any other positioning out of inline styles however it is written, keeping the rest', () => {
        const host = html([
            '<div id="a" style="position:fixed; inset:0; z-index:99999; color: red">over everything</div>',
            '<div id="b" style="POSITION: Sticky !important">sticky</div>',
            '<div id="c" style="position: /* x */ fixed">comment</div>',
            '<span id="d" style="position:absolute">absolute</span>',
            '<p id="e" style="color: blue">kept</p>'
        ].join('\n\n'));
        for (const id of ['a', 'b', 'c', 'd']) {
            const element = host.querySelector<HTMLElement>(`#${id}`)!;
            assert.equal(element.style.position, '', `#${id}: ${element.outerHTML}`);
            assert.ok(!/position/i.test(element.getAttribute('style') ?? ''), element.outerHTML);
        }
        assert.equal(host.querySelector<HTMLElement>('#a')!.style.color, 'red');
        assert.equal(host.querySelector<HTMLElement>('#b')!.getAttribute('style'), null, 'an emptied style goes');
        assert.equal(host.querySelector<HTMLElement>('#e')!.style.color, 'blue');
    });
});
