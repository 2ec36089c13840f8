import * as assert from 'assert';
import { ChatResponseContent, ThinkingChatResponseContentImpl } from '@theia/ai-chat/lib/common/chat-model';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpPlanContent, AcpToolCallContent } from './tool-call-content';
import { AcpMarkdownPart } from './markdown-parts';
import { AcpUpdateTranslator } from './update-translator';
import { AcpHiddenToolCallsContent, AcpTruncatedTextContent, TURN_LIMITS } from './turn-limits';
import { manualFrames } from '../../test/manual-frames';

/** Records what the translator adds and changes, merging markdown as Theia's response does. */
function recorder(): { parts: ChatResponseContent[]; changes: number; translator: AcpUpdateTranslator; hooks: { commands: string[][]; modes: string[] } } {
    const parts: ChatResponseContent[] = [];
    const hooks = { commands: [] as string[][], modes: [] as string[] };
    const state = { parts, changes: 0, hooks } as { parts: ChatResponseContent[]; changes: number; translator: AcpUpdateTranslator; hooks: typeof hooks };
    state.translator = new AcpUpdateTranslator({
        add: content => {
            const last = parts.at(-1);
            if (last?.kind === content.kind && last.merge?.(content)) {
                return;
            }
            parts.push(content);
        },
        changed: () => { state.changes++; }
    }, { onCommands: commands => hooks.commands.push(commands.map(c => c.name)), onMode: mode => hooks.modes.push(mode) });
    return state;
}

const text = (t: string): AcpSessionUpdate => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: t } });

describe('AcpUpdateTranslator (ACP session/update → Theia chat parts)', () => {
    it('streams message chunks into one markdown part and drops qwen\'s empty usage chunk (the engine drops gemini\'s [MODE_UPDATE] text)', () => {
        const { parts, translator } = recorder();
        translator.update(text('Hello '));
        translator.update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: '' }, _meta: { usage: {} } });
        translator.update(text('world.'));
        assert.equal(parts.length, 1);
        assert.ok(parts[0] instanceof AcpMarkdownPart);
        assert.equal((parts[0] as AcpMarkdownPart).content.value, 'Hello world.');
        assert.equal(translator.text, 'Hello world.');
    });

    it('text after a part another caller added without interrupting is still agent markdown, never Theia\'s markdown part (issue 29)', () => {
        const { parts, translator } = recorder();
        translator.update(text('Before. '));
        parts.push({ kind: 'acpElicitation' }); // as a form added straight to the response
        translator.update(text('[run](command:aiCliChat.anything)'));
        translator.update(text(' and more'));
        assert.deepEqual(parts.map(part => part.kind), ['acpMarkdown', 'acpElicitation', 'acpMarkdown']);
        assert.ok(parts[2] instanceof AcpMarkdownPart);
        assert.equal(parts[2].asString?.(), '[run](command:aiCliChat.anything) and more');
    });

    it('turns thought chunks into a thinking part before the answer', () => {
        const { parts, translator } = recorder();
        translator.update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: '**Planning**\nI should greet.' } });
        translator.update(text('Hi.'));
        assert.deepEqual(parts.map(part => part.kind), ['thinking', 'acpMarkdown']);
        assert.equal((parts[0] as ThinkingChatResponseContentImpl).content, '**Planning**\nI should greet.');
    });

    it('shows a tool call once and updates it in place: title, kind, status, locations, diff', () => {
        const state = recorder();
        state.translator.update({ sessionUpdate: 'tool_call', toolCallId: 'call_1', status: 'pending', title: 'WriteFile', kind: 'edit', content: [], locations: [] });
        state.translator.update({
            sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'completed', title: 'Writing to hello.txt',
            content: [{ type: 'diff', path: '/ws/hello.txt', oldText: '', newText: 'hi\n' }], locations: [{ path: '/ws/hello.txt', line: 3 }]
        });
        assert.equal(state.parts.length, 1);
        const call = state.parts[0] as AcpToolCallContent;
        assert.ok(call instanceof AcpToolCallContent);
        assert.equal(call.title, 'Writing to hello.txt');
        assert.equal(call.toolKind, 'edit');
        assert.equal(call.status, 'completed');
        assert.deepEqual(call.locations, [{ path: '/ws/hello.txt', line: 3 }]);
        assert.deepEqual(call.content, [{ type: 'diff', path: '/ws/hello.txt', oldText: '', newText: 'hi\n' }]);
        assert.equal(state.changes, 1);
    });

    it('keeps text content of a finished call (a shell command\'s output) and a failed status', () => {
        const { parts, translator } = recorder();
        translator.update({ sessionUpdate: 'tool_call', toolCallId: 'c', status: 'in_progress', title: 'echo hi', kind: 'execute' });
        translator.update({ sessionUpdate: 'tool_call_update', toolCallId: 'c', status: 'failed',
            content: [{ type: 'content', content: { type: 'text', text: 'Tool "x" was canceled by the user.' } }] });
        const call = parts[0] as AcpToolCallContent;
        assert.equal(call.status, 'failed');
        assert.deepEqual(call.content, [{ type: 'text', text: 'Tool "x" was canceled by the user.' }]);
    });

    it('shows the inside of text content that is one fenced block (the Claude Code adapter\'s command output), other text as it is', () => {
        const { parts, translator } = recorder();
        translator.update({ sessionUpdate: 'tool_call', toolCallId: 'c', status: 'failed', title: 'echo out; exit 3', kind: 'execute',
            content: [{ type: 'content', content: { type: 'text', text: '```\nExit code 3\nout-line\nerr-line\n```' } }] });
        translator.update({ sessionUpdate: 'tool_call', toolCallId: 'd', status: 'completed', title: 'two blocks', kind: 'other',
            content: [{ type: 'content', content: { type: 'text', text: '```\na\n```\nthen\n```\nb\n```' } }] });
        assert.deepEqual((parts[0] as AcpToolCallContent).content, [{ type: 'text', text: 'Exit code 3\nout-line\nerr-line' }]);
        assert.deepEqual((parts[1] as AcpToolCallContent).content, [{ type: 'text', text: '```\na\n```\nthen\n```\nb\n```' }]);
    });

    it('shows the plan as one checklist, replaced by each plan update, never merged into the text', () => {
        const { parts, translator } = recorder();
        translator.update(text('Let me plan.'));
        translator.update({ sessionUpdate: 'plan', entries: [{ content: 'Read', status: 'in_progress', priority: 'high' }, { content: 'Write', status: 'pending', priority: 'high' }] });
        translator.update({ sessionUpdate: 'plan', entries: [{ content: 'Read', status: 'completed', priority: 'high' }, { content: 'Write', status: 'in_progress', priority: 'high' }] });
        assert.deepEqual(parts.map(part => part.kind), ['acpMarkdown', 'acpPlan']);
        assert.deepEqual((parts[1] as AcpPlanContent).entries.map(entry => entry.status), ['completed', 'in_progress']);
        assert.equal((parts[0] as AcpMarkdownPart).content.value, 'Let me plan.');
    });

    it('hands commands and mode changes to the session, not to the response', () => {
        const { parts, translator, hooks } = recorder();
        translator.update({ sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'memory', description: 'x' }, { name: 'init', description: 'y' }] });
        translator.update({ sessionUpdate: 'current_mode_update', currentModeId: 'auto-edit' });
        assert.deepEqual(parts, []);
        assert.deepEqual(hooks.commands, [['memory', 'init']]);
        assert.deepEqual(hooks.modes, ['auto-edit']);
    });

    it('says once when an edit tool call completes (codex-acp writes its patches itself: the change set learns of them so)', () => {
        const completed: string[] = [];
        const translator = new AcpUpdateTranslator({ add: () => undefined, changed: () => undefined }, { onEditCompleted: call => completed.push(call.toolCallId) });
        const diff = { type: 'diff', path: '/ws/notes.txt', oldText: 'old line\n', newText: 'new line\n' };
        translator.update({ sessionUpdate: 'tool_call', toolCallId: 'edit-1', kind: 'edit', status: 'in_progress', content: [diff] });
        translator.update({ sessionUpdate: 'tool_call', toolCallId: 'run-1', kind: 'execute', status: 'completed' });
        assert.deepEqual(completed, [], 'not before it completes, and never for other kinds');
        translator.update({ sessionUpdate: 'tool_call_update', toolCallId: 'edit-1', status: 'completed', content: [diff] });
        translator.update({ sessionUpdate: 'tool_call_update', toolCallId: 'edit-1', status: 'completed' });
        translator.update({ sessionUpdate: 'tool_call_update', toolCallId: 'edit-2', kind: 'edit', status: 'failed' });
        assert.deepEqual(completed, ['edit-1']);
        assert.deepEqual(translator.toolCalls.get('edit-1')?.content, [{ type: 'diff', path: '/ws/notes.txt', oldText: 'old line\n', newText: 'new line\n' }]);
    });
});

describe('AcpUpdateTranslator against a flooding or malformed agent (issue 21)', () => {
    it('shows at most TURN_LIMITS.toolCards cards; later calls are counted on one line, updated in place', () => {
        const state = recorder();
        for (let i = 0; i < 40_000; i++) {
            state.translator.update({ sessionUpdate: 'tool_call', toolCallId: `c${i}`, title: `Call ${i}`, kind: 'read', status: 'pending' });
        }
        state.translator.update({ sessionUpdate: 'tool_call_update', toolCallId: 'c39999', status: 'completed' });
        state.translator.update({ sessionUpdate: 'tool_call_update', toolCallId: 'c0', status: 'failed' });
        const cards = state.parts.filter(part => part instanceof AcpToolCallContent) as AcpToolCallContent[];
        assert.equal(cards.length, TURN_LIMITS.toolCards);
        assert.equal(cards[0].status, 'failed');
        const hidden = state.parts.filter(part => part instanceof AcpHiddenToolCallsContent) as AcpHiddenToolCallsContent[];
        assert.equal(hidden.length, 1);
        assert.equal(hidden[0].count, 40_000 - TURN_LIMITS.toolCards);
        assert.deepEqual(hidden[0].byStatus(), [['pending', 40_000 - TURN_LIMITS.toolCards - 1], ['completed', 1]]);
        // A hidden call that asks permission gets its card.
        const asking = state.translator.toolCall({ sessionUpdate: 'tool_call', toolCallId: 'c500' });
        state.translator.showHiddenCall(asking);
        assert.ok(state.parts.includes(asking));
        assert.equal(hidden[0].count, 40_000 - TURN_LIMITS.toolCards - 1);
    });

    it('a flood redraws the counter line each frame, not the whole response; the response hears of it once, at the end', () => {
        const frames = manualFrames();
        const parts: ChatResponseContent[] = [];
        let changes = 0;
        const translator = new AcpUpdateTranslator({ add: part => parts.push(part), changed: () => { changes++; } }, {}, frames.schedule);
        const call = (id: string): AcpSessionUpdate => ({ sessionUpdate: 'tool_call', toolCallId: id, kind: 'read', status: 'pending' });
        for (let i = 0; i <= TURN_LIMITS.toolCards; i++) {
            translator.update(call(`c${i}`));
        }
        const counter = parts.find(part => part instanceof AcpHiddenToolCallsContent) as AcpHiddenToolCallsContent;
        let counterRedraws = 0;
        counter.onDidChange(() => counterRedraws++);
        for (let frame = 0; frame < 50; frame++) {
            for (let i = 0; i < 100; i++) {
                translator.update(call(`h${frame}-${i}`));
            }
            frames.frame();
        }
        assert.equal(counterRedraws, 50, 'the counter line redraws once a frame');
        assert.equal(changes, 0, 'the response (the whole chat tree) is not re-rendered during the flood');
        translator.end();
        assert.equal(changes, 1, 'once, when the turn ends');
        assert.equal(counter.count, 1 + 50 * 100);
    });

    it('renders at most TURN_LIMITS.shownTextChars of the text; the rest is counted and kept for "Show all"', () => {
        const state = recorder();
        const big = 'x'.repeat(1024 * 1024);
        state.translator.update(text(big));
        state.translator.update(text('tail'));
        const shown = state.parts.filter(part => part instanceof AcpMarkdownPart).map(part => (part as AcpMarkdownPart).content.value).join('');
        assert.equal(shown, big.slice(0, TURN_LIMITS.shownTextChars));
        const truncated = state.parts.filter(part => part instanceof AcpTruncatedTextContent) as AcpTruncatedTextContent[];
        assert.equal(truncated.length, 1);
        assert.equal(state.parts.at(-1), truncated[0], 'after the text');
        assert.equal(truncated[0].hiddenChars, big.length + 4 - TURN_LIMITS.shownTextChars);
        assert.equal(truncated[0].fullText(), big + 'tail');
    });

    it('ignores fields of the wrong type instead of throwing', () => {
        const state = recorder();
        const odd = [null, 42, 'text', [], { sessionUpdate: 'plan', entries: 'nope' }, { sessionUpdate: 'plan', entries: [null, 3, { content: { x: 1 } }] },
            { sessionUpdate: 'tool_call', toolCallId: { id: 1 }, title: 7, kind: [], status: null, locations: [null, 5, { path: 9 }, { path: '/a', line: 'x' }], content: [null, 'x', { type: 'diff', path: '/a', newText: 5 }, { type: 'content', content: { type: 'text', text: 5 } }] },
            { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: { toString: 1 } } },
            { sessionUpdate: 'agent_thought_chunk', content: null },
            { sessionUpdate: 'available_commands_update', availableCommands: [null, { name: 3 }, { name: 'ok', description: {} }] },
            { sessionUpdate: 'available_commands_update', availableCommands: 'all' },
            { sessionUpdate: 'current_mode_update', currentModeId: { a: 1 } }, { sessionUpdate: 'no_such_kind' }];
        for (const update of odd) {
            state.translator.update(update as unknown as AcpSessionUpdate);
        }
        assert.deepEqual(state.hooks.commands, [['ok']]);
        const call = state.parts.find(part => part instanceof AcpToolCallContent) as AcpToolCallContent;
        assert.deepEqual(call.locations, [{ path: '/a', line: undefined }]);
        assert.deepEqual(call.content, [{ type: 'diff', path: '/a', oldText: null, newText: '' }]);
        assert.deepEqual((state.parts.find(part => part instanceof AcpPlanContent) as AcpPlanContent).entries.map(entry => entry.content), ['', '', '[object Object]']);
    });
});
