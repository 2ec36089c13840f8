import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CompanionStatus } from '../common/companion-protocol';
import { DiagnosisCheck } from '../common/connection-diagnostics-protocol';
import { CliCommandLookup } from './cli-command-lookup';
import { CliProcessFinder } from './cli-process-finder';
import { ConnectionDiagnostics } from './connection-diagnostics';

/** A terminal shell whose environment and cwd the test decides. */
class FakeFinder extends CliProcessFinder {
    constructor(private readonly env: Record<string, string>, private readonly cwd: string) { super(); }
    override environOf(): Record<string, string> { return this.env; }
    override cwdOf(): string { return this.cwd; }
    override find(): [] { return []; }
}

describe('ConnectionDiagnostics', () => {
    let root: string;
    let workspace: string;
    beforeEach(() => {
        root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'diagnostics-spec-')));
        workspace = path.join(root, 'ws');
        fs.mkdirSync(workspace);
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

    function status(files: string[]): CompanionStatus {
        return { running: true, port: 1, workspacePath: workspace, profiles: ['gemini', 'qwen'], sessions: [], files, pendingDiffs: 0 } as unknown as CompanionStatus;
    }

    async function checks(env: Record<string, string>, cwd: string, files: string[]): Promise<DiagnosisCheck[]> {
        const diagnostics = new ConnectionDiagnostics(new FakeFinder(env, cwd), new CliCommandLookup({ PATH: '', SHELL: '/bin/false' }),
            { env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') }, true);
        const diagnosis = await diagnostics.diagnose({ status: status(files), roots: [workspace], activeTerminal: { shellPid: 1, title: 'bash' }, terminalShellPids: [1] });
        return diagnosis.sections.flatMap(section => section.checks);
    }

    it('flags a readable discovery file, a stale terminal, a directory mismatch and qwen\'s silent approval mode', async () => {
        const file = path.join(root, 'tmp', 'gemini', 'ide', 'gemini-ide-server-1-1.json');
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, JSON.stringify({ port: 1, workspacePath: workspace, authToken: 'secret-token', ppid: process.pid }), { mode: 0o644 });
        fs.chmodSync(file, 0o644);
        fs.mkdirSync(path.join(workspace, '.qwen'));
        fs.writeFileSync(path.join(workspace, '.qwen', 'settings.json'), '{ "tools": { "approvalMode": "yolo" } }');
        const found = await checks({ GEMINI_CLI_IDE_SERVER_PORT: '2' }, '/', [file]);
        const text = JSON.stringify(found);
        assert.doesNotMatch(text, /secret-token/);
        const byTitle = (pattern: RegExp) => found.find(check => pattern.test(check.title));
        assert.strictEqual(byTitle(/gemini-ide-server-1-1\.json/)?.status, 'error');
        assert.ok(byTitle(/gemini-ide-server-1-1\.json/)?.details?.some(d => /mode 644 lets other users read the token/.test(d)));
        assert.strictEqual(byTitle(/No discovery file for Qwen Code/)?.status, 'error');
        assert.match(byTitle(/points Gemini CLI at port 2/)?.fix ?? '', /opened before the current server/);
        assert.match(byTitle(/has no QWEN_CODE_IDE_SERVER_PORT/)?.fix ?? '', /opened before the companion server started/);
        assert.strictEqual(byTitle(/Directory mismatch/)?.status, 'warning');
        assert.strictEqual(byTitle(/Container detected but REMOTE_CONTAINERS is not set/)?.status, 'error');
        assert.match(byTitle(/tools\.approvalMode is "yolo"/)?.title ?? '', /\.qwen\/settings\.json\)$/);
    });
});
