import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { codexSocketSection } from './codex-socket-diagnostics';

describe('Diagnose Connection: Codex CLI', () => {
    const socketPath = `/tmp/t/codex-ipc/ipc-${process.getuid!()}.sock`;
    let root: string;

    beforeEach(() => root = tempFolder('codex-diag-', { real: true }));
    afterEach(() => removeFolder(root));

    it('says who serves each socket, and whether a terminal\'s codex looks for the ones served', () => {
        const noCodexHome = { TMPDIR: '/tmp/t', HOME: root }; // no ~/.codex: codex looks only in TMPDIR
        const owner = codexSocketSection({ statuses: [{ socketPath, role: 'owner', clientTypes: ['codex-tui'] }], codexPath: '/usr/bin/codex', terminalEnv: noCodexHome, terminalTitle: 'bash' });
        assert.deepStrictEqual(owner.checks.map(c => c.status), ['ok', 'ok', 'ok']);
        assert.match(owner.checks[0].details![0], /codex-tui/);
        const elsewhere = codexSocketSection({ statuses: [{ socketPath, role: 'member', clientTypes: [] }], terminalEnv: { TMPDIR: '/var/other', HOME: root }, terminalTitle: 'bash' });
        assert.deepStrictEqual(elsewhere.checks.map(c => c.status), ['ok', 'warning', 'info']);
        assert.match(elsewhere.checks[1].title, /\/var\/other\/codex-ipc\/ipc-\d+\.sock/);
    });

    it('a terminal whose CODEX_HOME has a socket path this app does not serve gets a warning naming it', () => {
        const codexHome = path.join(root, 'codex-home');
        fs.mkdirSync(codexHome);
        const primary = { socketPath: path.join(root, 'other-home', 'ipc', 'ipc.sock'), role: 'owner' as const, clientTypes: [] };
        const section = codexSocketSection({ statuses: [primary, { socketPath, role: 'owner', clientTypes: [] }], terminalEnv: { TMPDIR: '/tmp/t', CODEX_HOME: codexHome }, terminalTitle: 'zsh' });
        assert.deepStrictEqual(section.checks.map(c => c.status), ['ok', 'ok', 'warning', 'info']);
        assert.match(section.checks[2].title, new RegExp(`${path.join(codexHome, 'ipc', 'ipc.sock')}, which this app does not serve`));
        assert.match(section.checks[2].fix!, /CODEX_HOME/);
    });

    it('names why a socket is off, with a fix', () => {
        const off = codexSocketSection({ statuses: [{ socketPath, role: 'off', error: `${socketPath} exists and is not a socket: left alone`, clientTypes: [] }] });
        assert.strictEqual(off.checks[0].status, 'error');
        assert.match(off.checks[0].title, /not a socket/);
        assert.ok(off.checks[0].fix);
    });
});
