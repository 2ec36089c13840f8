import * as assert from 'assert';
import { codexSocketSection } from './codex-socket-diagnostics';

describe('Diagnose Connection: Codex CLI', () => {
    const socketPath = `/tmp/t/codex-ipc/ipc-${process.getuid!()}.sock`;

    it('says who serves the socket, and whether a terminal\'s codex looks for the same one', () => {
        const owner = codexSocketSection({ status: { socketPath, role: 'owner', clientTypes: ['codex-tui'] }, codexPath: '/usr/bin/codex', terminalEnv: { TMPDIR: '/tmp/t' }, terminalTitle: 'bash' });
        assert.deepStrictEqual(owner.checks.map(c => c.status), ['ok', 'ok', 'ok']);
        assert.match(owner.checks[0].details![0], /codex-tui/);
        const elsewhere = codexSocketSection({ status: { socketPath, role: 'member', clientTypes: [] }, terminalEnv: { TMPDIR: '/var/other' }, terminalTitle: 'bash' });
        assert.deepStrictEqual(elsewhere.checks.map(c => c.status), ['ok', 'warning', 'info']);
        assert.match(elsewhere.checks[1].title, /\/var\/other\/codex-ipc\/ipc-\d+\.sock/);
    });

    it('names why the socket is off, with a fix', () => {
        const off = codexSocketSection({ status: { socketPath, role: 'off', error: `${socketPath} exists and is not a socket: left alone`, clientTypes: [] } });
        assert.strictEqual(off.checks[0].status, 'error');
        assert.match(off.checks[0].title, /not a socket/);
        assert.ok(off.checks[0].fix);
    });
});
