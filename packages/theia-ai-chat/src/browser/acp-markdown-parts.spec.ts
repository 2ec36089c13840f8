import * as assert from 'assert';
import { ChatResponseContent, MarkdownChatResponseContentImpl } from '@theia/ai-chat/lib/common/chat-model';
import { AcpSessionUpdate } from '../common/acp-chat-protocol';
import { endsCleanly, MARKDOWN_PART_CHARS } from './acp-markdown-parts';
import { AcpUpdateTranslator } from './acp-update-translator';

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

const markdownOf = (parts: ChatResponseContent[]) => parts.map(part => (part as MarkdownChatResponseContentImpl).content.value);
const chunked = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

describe('Long answers as several markdown parts (Theia re-renders a whole part per chunk)', () => {
    it('cuts a long streamed answer at paragraph ends into parts of bounded size, losing nothing', () => {
        const paragraphs = Array.from({ length: 1000 }, (_, i) => `Paragraph ${i}: some **bold** text and \`code\`.\nSecond line ${i}.\n\n`).join('');
        const parts = stream(chunked(paragraphs, 1000));
        const texts = markdownOf(parts);
        assert.ok(parts.length > 3, `expected several parts, got ${parts.length}`);
        assert.ok(parts.every(part => part.kind === 'markdownContent'));
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
