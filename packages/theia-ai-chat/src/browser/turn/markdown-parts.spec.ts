import * as assert from 'assert';
import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpMarkdownPart, endsCleanly, HARD_PART_CHARS, MARKDOWN_PART_CHARS, openFence } from './markdown-parts';
import { AcpUpdateTranslator } from './update-translator';

/** The parts a streamed answer ends up as, merged as Theia's response merges them. */
function stream(chunks: string[]): ChatResponseContent[] {
    const parts: ChatResponseContent[] = [];
    const translator = new AcpUpdateTranslator({
        add: content => {
            const last = parts.at(-1);
            if (last?.kind === content.kind && last.merge?.(content)) {
                return;
            }
            parts.push(content);
        },
        changed: () => undefined
    });
    for (const text of chunks) {
        translator.update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } } as AcpSessionUpdate);
    }
    return parts;
}

const markdownOf = (parts: ChatResponseContent[]) => parts.map(part => (part as AcpMarkdownPart).content.value);
const chunked = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

describe('Long answers as several markdown parts (Theia re-renders a whole part per chunk)', () => {
    it('cuts a long streamed answer at paragraph ends into parts of bounded size, losing nothing', () => {
        const paragraphs = Array.from({ length: 1000 }, (_, i) => `Paragraph ${i}: some **bold** text and \`code\`.\nSecond line ${i}.\n\n`).join('');
        const parts = stream(chunked(paragraphs, 1000));
        const texts = markdownOf(parts);
        assert.ok(parts.length > 3, `expected several parts, got ${parts.length}`);
        assert.ok(parts.every(part => part.kind === 'acpMarkdown'));
        assert.equal(texts.join(''), paragraphs);
        assert.ok(texts.every(text => text.length < MARKDOWN_PART_CHARS + 1000), 'each part is about the limit at most');
        assert.ok(texts.slice(0, -1).every(text => text.endsWith('\n\n')), 'every cut is at a blank line');
    });

    it('never cuts inside a fenced code block, a list or an HTML comment', () => {
        const code = '```ts\n' + Array.from({ length: 600 }, (_, i) => `const line${i} = ${i};\n\nconst more${i} = 0;`).join('\n') + '\n```\n\nAfter the code.\n\n';
        const codeParts = markdownOf(stream(chunked(code + 'Tail.\n\n'.repeat(10), 512)));
        assert.ok(codeParts[0].startsWith('```ts') && codeParts[0].includes('\n```\n'), 'the whole fence stays in the first part');

        assert.equal(endsCleanly('- one\n- two\n\n'), false);
        assert.equal(endsCleanly('1. one\n\n'), false);
        assert.equal(endsCleanly('> quoted\n\n'), false);
        assert.equal(endsCleanly('| a | b |\n\n'), false);
        assert.equal(endsCleanly('    indented code\n\n'), false);
        assert.equal(endsCleanly('<!-- open\n\n'), false);
        assert.equal(endsCleanly('~~~\n```\n~~~\nDone.\n\n'), true);
        assert.equal(endsCleanly('Just a paragraph.\n\n'), true);
    });

    it('keeps a short answer in one part', () => {
        assert.equal(stream(['Hello ', 'world.\n\n', 'Bye.']).length, 1);
    });
});

describe('Runs with no paragraph end (issue 21: one 200 KB token held the page in layout for 47 s)', () => {
    it('cuts a whitespace-free run into parts of at most HARD_PART_CHARS, losing nothing', () => {
        const token = Array.from({ length: 200 * 1024 }, (_, i) => String.fromCharCode(33 + (i * 7919) % 90)).join('').replace(/[`~\n]/g, 'x');
        for (const chunks of [[token], chunked(token, 3000)]) {
            const texts = markdownOf(stream(chunks));
            assert.equal(texts.join(''), token);
            assert.ok(texts.length >= 200 / 32, `${texts.length} parts`);
            assert.ok(texts.every(text => text.length <= HARD_PART_CHARS), texts.map(text => text.length).join());
        }
    });

    it('keeps a surrogate pair whole', () => {
        const texts = markdownOf(stream(['😀'.repeat(HARD_PART_CHARS)]));
        assert.ok(texts.every(text => !/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(text)));
        assert.equal(texts.join(''), '😀'.repeat(HARD_PART_CHARS));
    });

    it('a long fenced block cut hard is closed in one part and opened again in the next', () => {
        const code = '```ts\n' + Array.from({ length: 5000 }, (_, i) => `const line${i} = ${i};`).join('\n') + '\n```\n\nAfter.\n';
        const texts = markdownOf(stream(chunked(code, 4096)));
        assert.ok(texts.length > 2, `${texts.length} parts`);
        for (const text of texts.slice(0, -1)) {
            assert.ok(text.length <= HARD_PART_CHARS + 10);
            assert.equal(openFence(text), undefined, 'each part closes its fence');
        }
        assert.ok(texts.slice(1, -1).every(text => text.startsWith('```ts\n')), 'each next part opens it again');
        assert.equal(texts.at(-1), 'After.\n', 'the block ends where the agent ended it');
        assert.equal(texts.join('').replace(/\n```\n```ts\n/g, '\n'), code);
        // An absurd opening line is not repeated (that would never end).
        const odd = '```' + 'x'.repeat(3 * HARD_PART_CHARS);
        assert.equal(markdownOf(stream([odd])).join(''), odd);
    });
});
