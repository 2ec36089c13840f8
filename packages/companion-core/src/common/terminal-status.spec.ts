import * as assert from 'assert';
import { cleanText, parseProgramStatus, parseTabStatus, STATUS_MSG_MAX, STATUS_PAYLOAD_MAX, STATUS_TITLE_MAX, statusAppName } from './terminal-status';
import { TerminalStatusState } from './terminal-status-state';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('terminal status sequences (OSC 7501, OSC 21337)', () => {
    it('reads what claude 2.1.330 writes: the query, idle, working, blocked with its message, done, error and clear', () => {
        assert.deepStrictEqual(parseProgramStatus('?'), { type: 'query' });
        assert.deepStrictEqual(parseProgramStatus('state=working:app=claude-code'), { type: 'status', status: { state: 'working', app: 'claude-code' } });
        assert.deepStrictEqual(parseProgramStatus(`state=blocked:app=claude-code:kind=permission:msg=${b64('approve Write: /w/hello.txt')}`),
            { type: 'status', status: { state: 'blocked', app: 'claude-code', kind: 'permission', msg: 'approve Write: /w/hello.txt' } });
        assert.deepStrictEqual(parseProgramStatus(`state=working:id=s1:progress=40:title=${b64('Tests')}`),
            { type: 'status', status: { state: 'working', id: 's1', progress: 40, title: 'Tests' } });
        assert.deepStrictEqual(parseProgramStatus('state=clear'), { type: 'clear' });
        assert.deepStrictEqual(parseProgramStatus('state=clear:id=s1'), { type: 'clear', id: 's1' });
        assert.strictEqual(statusAppName('claude-code'), 'Claude Code');
        assert.strictEqual(statusAppName('__proto__'), undefined);
    });

    it('drops malformed sequences whole: unknown states, bad base64, bad identifiers, repeated keys, out-of-range progress, huge payloads', () => {
        for (const payload of ['', '??', 'state=sleeping', 'state', '=working', 'state=working:state=done', 'state=working:msg=@@@@',
            'state=working:msg=abc', 'state=working:app=a b', 'state=working:app=<b>x</b>', 'state=working:progress=101',
            'state=working:progress=-1', 'state=working:progress=1e2', 'state=working:kind=' + 'k'.repeat(65),
            'state=clear:id=../x', `state=working:msg=${'QUJD'.repeat(STATUS_PAYLOAD_MAX)}`]) {
            assert.strictEqual(parseProgramStatus(payload), undefined, payload.slice(0, 60));
        }
    });

    it('caps title and msg, and shows controls and bidi characters as nothing but plain text', () => {
        const parsed = parseProgramStatus(`state=blocked:title=${b64('t'.repeat(1000))}:msg=${b64('m'.repeat(3000))}`);
        assert.ok(parsed?.type === 'status');
        assert.strictEqual([...parsed.status.title!].length, STATUS_TITLE_MAX);
        assert.strictEqual([...parsed.status.msg!].length, STATUS_MSG_MAX);
        const spoof = parseProgramStatus(`state=blocked:msg=${b64('approve \u202eexe.txt\u202c\x1b[31m\nrm -rf ~\u2066x\u2069\x07')}`);
        assert.ok(spoof?.type === 'status');
        assert.strictEqual(spoof.status.msg, 'approve exe.txt [31m rm -rf ~x');
        assert.strictEqual(cleanText('\u{1F600}'.repeat(5), 3), '\u{1F600}\u{1F600}…', 'capped by characters, never half a surrogate pair');
    });

    it('reads OSC 21337 tab status with its escapes, clears empty fields, and drops bad colors and unknown keys', () => {
        assert.deepStrictEqual(parseTabStatus('indicator=#FF0000;status=a\\;b\\\\c;status-color=#00ff00'),
            { indicator: '#ff0000', status: 'a;b\\c', statusColor: '#00ff00' });
        assert.deepStrictEqual(parseTabStatus('indicator=;status='), { indicator: null, status: null });
        for (const payload of ['indicator=red', 'status-color=#12345', 'colour=#000000', 'status', 'status=a;status=b', '']) {
            assert.strictEqual(parseTabStatus(payload), undefined, payload);
        }
    });
});

describe('terminal status state', () => {
    const status = (payload: string) => parseProgramStatus(payload)!;

    it('shows each state, ignores the query, and a clear of another id; reset empties it', () => {
        const state = new TerminalStatusState();
        assert.strictEqual(state.applyProgram(status('?'), 0), false);
        assert.strictEqual(state.applyProgram(status('state=working:app=claude-code:id=a'), 1), true);
        assert.strictEqual(state.shown.program?.state, 'working');
        assert.strictEqual(state.applyProgram(status('state=working:app=claude-code:id=a'), 2), false, 'the same status again changes nothing');
        assert.strictEqual(state.applyProgram(status('state=clear:id=b'), 3), false);
        assert.strictEqual(state.applyProgram(status('state=clear:id=a'), 4), true);
        assert.strictEqual(state.shown.program, undefined);
        state.applyTab(parseTabStatus('status=Building;indicator=#00ff00')!, 5);
        assert.deepStrictEqual(state.shown.tab, { status: 'Building', indicator: '#00ff00' });
        state.applyTab(parseTabStatus('status=')!, 6);
        assert.deepStrictEqual(state.shown.tab, { indicator: '#00ff00' });
        assert.strictEqual(state.reset(), true);
        assert.deepStrictEqual(state.shown, {});
    });

    it('folds a flood of changes into the latest one, shown at the rate limit', () => {
        const state = new TerminalStatusState({ burst: 3, perSecond: 10 });
        let changes = 0;
        for (let i = 0; i < 10_000; i++) {
            changes += state.applyProgram(status(`state=${i % 2 ? 'working' : 'blocked'}:progress=${i % 100}`), 0) ? 1 : 0;
        }
        assert.strictEqual(changes, 3, 'the burst, then nothing until the timer');
        assert.strictEqual(state.deferred, true);
        const at = state.nextFlushAt()!;
        assert.strictEqual(at, 100);
        assert.strictEqual(state.flush(at - 1), false);
        assert.strictEqual(state.flush(at), true);
        assert.deepStrictEqual(state.shown.program, { state: 'working', progress: 99 }, 'the last one written wins');
        assert.strictEqual(state.deferred, false);
    });

    it('shows a change at once again after the flood has calmed down', () => {
        const state = new TerminalStatusState({ burst: 2, perSecond: 10 });
        state.applyProgram(status('state=working'), 0);
        state.applyProgram(status('state=blocked'), 0);
        assert.strictEqual(state.applyProgram(status('state=done'), 0), false);
        assert.strictEqual(state.flush(state.nextFlushAt()!), true);
        assert.strictEqual(state.applyProgram(status('state=working'), 10_000), true);
        assert.strictEqual(state.shown.program?.state, 'working');
    });
});
