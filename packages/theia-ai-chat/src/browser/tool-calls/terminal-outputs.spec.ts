import * as assert from 'assert';
import { AcpTerminalOutputs, TERMINAL_VIEW_LIMIT } from './terminal-outputs';

describe('AcpTerminalOutputs (what a tool card shows of an ACP terminal)', () => {
    it('appends pushed output, strips colour escapes, and keeps the exit status', () => {
        const outputs = new AcpTerminalOutputs();
        let changes = 0;
        const view = outputs.view('t1'); // the card may render before the first push
        view.onDidChange(() => changes++);
        outputs.apply('chat-1', { terminalId: 't1', command: 'npm test', text: '' });
        outputs.apply('chat-1', { terminalId: 't1', command: 'npm test', text: '\u001b[32mok\u001b[0m 1\n' });
        outputs.apply('chat-1', { terminalId: 't1', command: 'npm test', text: 'ok 2\n', exitStatus: { exitCode: 0, signal: null } });
        assert.equal(view.command, 'npm test');
        assert.equal(view.text, 'ok 1\nok 2\n');
        assert.deepEqual(view.exitStatus, { exitCode: 0, signal: null });
        assert.equal(changes, 3);
    });

    it('stays bounded: a reset replaces what was shown, and more than the limit keeps the end, marked as cut', () => {
        const outputs = new AcpTerminalOutputs();
        outputs.apply('chat-1', { terminalId: 't1', command: 'yes', text: 'old\n' });
        outputs.apply('chat-1', { terminalId: 't1', command: 'yes', text: 'new\n', reset: true });
        const view = outputs.view('t1');
        assert.equal(view.text, 'new\n');
        assert.equal(view.cut, true);
        for (let push = 0; push < 5; push++) {
            outputs.apply('chat-1', { terminalId: 't2', command: 'yes', text: 'y'.repeat(TERMINAL_VIEW_LIMIT / 2 - 1) + '\n' });
        }
        const flood = outputs.view('t2');
        assert.equal(flood.text.length, TERMINAL_VIEW_LIMIT);
        assert.ok(flood.cut);
    });

    it('a deleted chat session\'s terminals are forgotten, other sessions\' kept', () => {
        const outputs = new AcpTerminalOutputs();
        outputs.view('t1');
        outputs.apply('chat-1', { terminalId: 't1', command: 'a', text: '' });
        outputs.apply('chat-2', { terminalId: 't2', command: 'b', text: '' });
        outputs.forgetChat('chat-1');
        assert.equal(outputs.size, 1);
        assert.equal(outputs.view('t2').command, 'b');
    });
});
