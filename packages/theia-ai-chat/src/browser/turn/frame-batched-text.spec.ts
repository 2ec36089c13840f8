import * as assert from 'assert';
import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { FrameBatchedText } from './frame-batched-text';
import { AcpMarkdownPart, MARKDOWN_PART_CHARS } from './markdown-parts';
import { AcpUpdateTranslator } from './update-translator';
import { manualFrames } from '../../test/manual-frames';

/** A translator batching per (manual) frame, whose sink merges and counts as Theia's response does. */
function batchedTranslator() {
    const frames = manualFrames();
    const parts: ChatResponseContent[] = [];
    let adds = 0;
    const translator = new AcpUpdateTranslator({
        add: content => {
            adds++;
            const last = parts.at(-1);
            if (last?.kind === content.kind && last.merge?.(content)) {
                return;
            }
            parts.push(content);
        },
        changed: () => undefined
    }, {}, frames.schedule);
    return { frames, parts, translator, adds: () => adds };
}

const text = (t: string): AcpSessionUpdate => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: t } });
const markdownOf = (parts: ChatResponseContent[]) => parts.map(part => (part as AcpMarkdownPart).content?.value);

describe('Message text batched per frame (one response update per frame, not per chunk)', () => {
    it('delivers the first text at once, joins what arrives before the next frame and delivers it then', () => {
        const frames = manualFrames();
        const delivered: string[] = [];
        const batched = new FrameBatchedText(t => delivered.push(t), frames.schedule);
        batched.add('First ');
        assert.deepEqual(delivered, ['First '], 'no wait for a first token');
        batched.add('a ');
        batched.add('b ');
        batched.add('c ');
        assert.deepEqual(delivered, ['First ']);
        frames.frame();
        assert.deepEqual(delivered, ['First ', 'a b c ']);
        batched.add('d ');
        assert.deepEqual(delivered, ['First ', 'a b c '], 'still streaming: the next text waits for the next frame');
        frames.frame();
        assert.deepEqual(delivered, ['First ', 'a b c ', 'd ']);
        frames.frame();
        assert.equal(frames.pending(), 0, 'a quiet frame schedules no more');
        batched.add('Later.');
        assert.deepEqual(delivered.at(-1), 'Later.', 'after a quiet frame, text goes at once again');
    });

    it('end() delivers what waits and leaves no frame scheduled', () => {
        const frames = manualFrames();
        const delivered: string[] = [];
        const batched = new FrameBatchedText(t => delivered.push(t), frames.schedule);
        batched.add('one ');
        batched.add('two');
        batched.end();
        assert.deepEqual(delivered, ['one ', 'two']);
        assert.equal(frames.pending(), 0);
        frames.frame();
        assert.deepEqual(delivered, ['one ', 'two']);
    });

    it('a fast stream of 256 chunks costs the response a few updates, and the text is whole', () => {
        const { frames, parts, translator, adds } = batchedTranslator();
        const chunks = Array.from({ length: 256 }, (_, i) => `Chunk ${i} of a long answer.\n\n`);
        chunks.forEach((chunk, i) => {
            translator.update(text(chunk));
            if (i % 64 === 63) {
                frames.frame();
            }
        });
        translator.end();
        assert.equal(markdownOf(parts).join(''), chunks.join(''));
        assert.ok(adds() <= 12, `expected about one update per frame, got ${adds()}`);
    });

    it('keeps the order: text batched before a tool call is shown before it', () => {
        const { parts, translator } = batchedTranslator();
        translator.update(text('I will '));
        translator.update(text('write the file.'));
        translator.update({ sessionUpdate: 'tool_call', toolCallId: 'call_1', status: 'pending', title: 'WriteFile', kind: 'edit' });
        translator.update(text('Done.'));
        translator.end();
        assert.deepEqual(parts.map(part => part.kind), ['acpMarkdown', 'acpToolCall', 'acpMarkdown']);
        assert.deepEqual(markdownOf([parts[0], parts[2]]), ['I will write the file.', 'Done.']);
    });

    it('a permission request\'s tool call also shows the batched text first', () => {
        const { parts, translator } = batchedTranslator();
        translator.update(text('Asking '));
        translator.update(text('first.'));
        translator.toolCall({ sessionUpdate: 'tool_call', toolCallId: 'call_2', title: 'Shell' });
        assert.equal(markdownOf([parts[0]])[0], 'Asking first.');
        assert.equal(parts[1].kind, 'acpToolCall');
    });

    it('cuts a frame\'s large batch into parts of about the limit, at paragraph ends', () => {
        const { frames, parts, translator } = batchedTranslator();
        const paragraphs = Array.from({ length: 2000 }, (_, i) => `Paragraph ${i} with **bold** words.\n\n`);
        translator.update(text('Start.\n\n'));
        paragraphs.forEach(paragraph => translator.update(text(paragraph)));
        frames.frame(); // ~70 KB joined in one delivery
        translator.end();
        const texts = markdownOf(parts);
        assert.equal(texts.join(''), 'Start.\n\n' + paragraphs.join(''));
        assert.ok(texts.length >= 8, `expected the batch cut into several parts, got ${texts.length}`);
        assert.ok(texts.every(t => t.length < MARKDOWN_PART_CHARS + 100), `part sizes ${texts.map(t => t.length)}`);
        assert.ok(texts.slice(0, -1).every(t => t.endsWith('\n\n')));
    });
});
