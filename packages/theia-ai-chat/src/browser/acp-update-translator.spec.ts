import * as assert from 'assert';
import { ChatResponseContent, MarkdownChatResponseContentImpl, ThinkingChatResponseContentImpl } from '@theia/ai-chat/lib/common/chat-model';
import { AcpSessionUpdate } from '../common/acp-chat-protocol';
import { AcpPlanContent, AcpToolCallContent } from './acp-tool-call-content';
import { AcpUpdateTranslator } from './acp-update-translator';

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
    it('streams message chunks into one markdown part and drops gemini\'s [MODE_UPDATE] text and qwen\'s empty usage chunk', () => {
        const { parts, translator } = recorder();
        translator.update(text('Hello '));
        translator.update(text('[MODE_UPDATE] autoEdit'));
        translator.update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: '' }, _meta: { usage: {} } });
        translator.update(text('world.'));
        assert.equal(parts.length, 1);
        assert.ok(parts[0] instanceof MarkdownChatResponseContentImpl);
        assert.equal((parts[0] as MarkdownChatResponseContentImpl).content.value, 'Hello world.');
        assert.equal(translator.text, 'Hello world.');
    });

    it('turns thought chunks into a thinking part before the answer', () => {
        const { parts, translator } = recorder();
        translator.update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: '**Planning**\nI should greet.' } });
        translator.update(text('Hi.'));
        assert.deepEqual(parts.map(part => part.kind), ['thinking', 'markdownContent']);
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
        assert.deepEqual(parts.map(part => part.kind), ['markdownContent', 'acpPlan']);
        assert.deepEqual((parts[1] as AcpPlanContent).entries.map(entry => entry.status), ['completed', 'in_progress']);
        assert.equal((parts[0] as MarkdownChatResponseContentImpl).content.value, 'Let me plan.');
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
