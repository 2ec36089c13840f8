import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { ClientProfile, findProfile } from '../../common/client-profiles';
import { DiagnosisCheck, DiagnosisRequest, EditorWording } from '../../common/connection-diagnosis';
import { CliCommandLookup } from '../cli-host/cli-command-lookup';
import { CliProcessFinder } from '../cli-host/cli-process-finder';
import { ConnectionDiagnostics } from './connection-diagnostics';

type CompanionStatus = DiagnosisRequest['status'];

/** Words of an editor that is neither Theia nor VS Code, so a fix shows whose words it uses. */
const SPEC_WORDING: EditorWording = {
    editorName: 'Spec IDE',
    settingsName: 'Spec Settings',
    runCommand: (profile: ClientProfile) => `Spec: Start ${profile.displayName}`,
    enabledSetting: (profile: ClientProfile) => `spec.${profile.id}.on`,
    installFix: (profile: ClientProfile, npmPackage: string) => `spec-install ${npmPackage}`
};

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
        root = tempFolder('diagnostics-spec-', { real: true });
        workspace = path.join(root, 'ws');
        fs.mkdirSync(workspace);
    });
    afterEach(() => removeFolder(root));

    function status(files: string[]): CompanionStatus {
        return { running: true, port: 1, workspacePath: workspace, profiles: ['gemini', 'qwen'], sessions: [], files, pendingDiffs: 0 } as unknown as CompanionStatus;
    }

    async function checks(env: Record<string, string>, cwd: string, files: string[]): Promise<DiagnosisCheck[]> {
        const diagnostics = new ConnectionDiagnostics({
            wording: SPEC_WORDING, finder: new FakeFinder(env, cwd), lookup: new CliCommandLookup({ PATH: '', SHELL: '/bin/false' }),
            host: { env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') }, inContainer: true
        });
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

    it('looks for no discovery file of a CLI that has none (Codex asks the backend\'s socket)', async () => {
        const diagnostics = new ConnectionDiagnostics({
            wording: SPEC_WORDING, finder: new FakeFinder({}, workspace), lookup: new CliCommandLookup({ PATH: '', SHELL: '/bin/false' }),
            host: { env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') }, inContainer: false
        });
        const request = { status: { ...status([]), profiles: ['codex'] }, roots: [workspace], terminalShellPids: [] };
        const discovery = (await diagnostics.diagnose(request)).sections.find(section => section.title === 'Discovery files');
        assert.deepStrictEqual(discovery?.checks.map(check => [check.status, check.title]), [['ok', 'Codex CLI needs no discovery file: it asks the socket of the backend']]);
    });

    it('reads a CLI\'s silent write modes from its profile: a fork is one more entry, no code', async () => {
        const fork: ClientProfile = {
            ...findProfile('qwen')!, id: 'fork', displayName: 'Fork Code', command: 'fork', userSettings: { homeDir: '.fork', segments: ['settings.json'] },
            silentWriteModes: { key: ['edits'], defaultMode: 'ask', silent: ['never-ask'], projectDir: '.fork', projectFiles: ['settings.json', 'local.json'] }
        };
        const diagnostics = new ConnectionDiagnostics({
            wording: SPEC_WORDING, profiles: [fork], finder: new FakeFinder({}, workspace), lookup: new CliCommandLookup({ PATH: '', SHELL: '/bin/false' }),
            host: { env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') }, inContainer: false
        });
        const forkChecks = async () => (await diagnostics.diagnose({ status: { ...status([]), profiles: ['fork'] }, roots: [workspace], terminalShellPids: [] }))
            .sections.find(section => section.title === 'Fork Code')?.checks.find(check => /edits is/.test(check.title));
        assert.deepStrictEqual([(await forkChecks())?.status, (await forkChecks())?.title], ['ok', 'Fork Code: edits is "ask" (default); edits are proposed as diffs']);
        fs.mkdirSync(path.join(workspace, '.fork'));
        fs.writeFileSync(path.join(workspace, '.fork', 'local.json'), '{ "edits": "never-ask" }');
        const silent = await forkChecks();
        assert.strictEqual(silent?.status, 'warning');
        assert.strictEqual(silent?.title, `Fork Code: edits is "never-ask" (${path.join(workspace, '.fork', 'local.json')})`);
        assert.match(silent?.fix ?? '', /^Set "edits": "default" in .*\/\.fork\/settings\.json/);
    });

    it('words every fix in the editor\'s own commands, settings and name', async () => {
        const found = await checks({}, workspace, []);
        const byTitle = (pattern: RegExp) => found.find(check => pattern.test(check.title));
        assert.strictEqual(byTitle(/No CLI is connected/)?.fix, 'Run "Spec: Start Gemini CLI" (or another CLI\'s), or type /ide enable in a CLI started in a terminal of this window.');
        assert.strictEqual(byTitle(/Claude Code is switched off/)?.fix, 'Set "spec.claude.on" to true in Spec Settings to use it.');
        assert.strictEqual(byTitle(/"gemini" is not installed/)?.fix, 'spec-install @google/gemini-cli');
        assert.strictEqual(byTitle(/"llxprt" is not installed/)?.fix, 'Install LLxprt Code so that "llxprt" is on the PATH.');
        assert.match(byTitle(/Qwen Code: tools\.approvalMode is "auto"/)?.details?.join('\n') ?? '', /no diff ever opens in Spec IDE\.$/);
        assert.doesNotMatch(JSON.stringify(found), /Theia|aiCliCompanion|Preferences|in Terminal/);
    });
});

/**
 * Claude Code's checks (claude-code.md §6): auto mode (a fresh config's default), acceptEdits and
 * `"diffTool": "terminal"` mean the CLI never calls openDiff; the fix says how to ask before edits.
 */
describe('ConnectionDiagnostics: Claude Code offers no diff', () => {
    let root: string;
    let home: string;
    let workspace: string;
    beforeEach(() => {
        root = tempFolder('diagnostics-claude-spec-', { real: true });
        home = path.join(root, 'home');
        workspace = path.join(root, 'ws');
        fs.mkdirSync(workspace, { recursive: true });
        fs.mkdirSync(home, { recursive: true });
    });
    afterEach(() => removeFolder(root));

    function write(file: string, content: string): void {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, content);
    }

    async function claudeChecks(): Promise<DiagnosisCheck[]> {
        const diagnostics = new ConnectionDiagnostics({
            wording: SPEC_WORDING, finder: new FakeFinder({}, workspace), lookup: new CliCommandLookup({ PATH: '', SHELL: '/bin/false' }),
            host: { env: {}, homedir: home, tmpdir: path.join(root, 'tmp') }, inContainer: false
        });
        const status = { running: true, port: 1, workspacePath: workspace, profiles: ['claude'], sessions: [], files: [], pendingDiffs: 0 } as unknown as CompanionStatus;
        const diagnosis = await diagnostics.diagnose({ status, roots: [workspace], activeTerminal: undefined, terminalShellPids: [] });
        return diagnosis.sections.find(section => section.title === 'Claude Code')?.checks ?? [];
    }

    const find = (checks: DiagnosisCheck[], pattern: RegExp) => checks.find(check => pattern.test(check.title));

    /** The fix every one of these warnings must give: how to get ask-before-edit back. */
    function assertAskBeforeEditFix(check: DiagnosisCheck | undefined): void {
        assert.ok(check, 'the check is reported');
        assert.strictEqual(check.status, 'warning');
        assert.match(check.fix ?? '', /claude --permission-mode default/);
        assert.match(check.fix ?? '', /Shift\+Tab until the footer shows "manual mode"/);
        assert.match(check.fix ?? '', /"permissions": \{"defaultMode": "default"\} in \.claude\/settings\.json of the project/);
        assert.match(check.fix ?? '', /keep "diffTool": "auto"/);
    }

    it('warns about acceptEdits in ~/.claude/settings.json and "diffTool": "terminal" in ~/.claude.json, with the ask-before-edit fix', async () => {
        const userSettings = path.join(home, '.claude', 'settings.json');
        write(userSettings, JSON.stringify({ permissions: { defaultMode: 'acceptEdits' } }));
        write(path.join(home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true, diffTool: 'terminal' }));
        const checks = await claudeChecks();
        const mode = find(checks, /permissions\.defaultMode/);
        assert.strictEqual(mode?.title, `Claude Code: permissions.defaultMode is "acceptEdits" (${userSettings})`);
        assert.match(mode?.details?.join('\n') ?? '', /writes files without asking, so no diff ever opens/);
        assertAskBeforeEditFix(mode);
        const diffTool = find(checks, /"diffTool"/);
        assert.strictEqual(diffTool?.title, `Claude Code: "diffTool" is "terminal" in ${path.join(home, '.claude.json')}`);
        assert.match(diffTool?.details?.join('\n') ?? '', /never opens a diff in the IDE/);
        assertAskBeforeEditFix(diffTool);
    });

    it('warns on a fresh config: auto mode is the default', async () => {
        const checks = await claudeChecks();
        const mode = find(checks, /permissions\.defaultMode/);
        assert.strictEqual(mode?.title, 'Claude Code: permissions.defaultMode is "auto" (default)');
        assertAskBeforeEditFix(mode);
        assert.strictEqual(find(checks, /"diffTool"/)?.status, 'ok');
    });

    for (const silent of ['auto', 'bypassPermissions', 'dontAsk']) {
        it(`warns about "${silent}" in the project's .claude/settings.json`, async () => {
            const project = path.join(workspace, '.claude', 'settings.json');
            write(project, JSON.stringify({ permissions: { defaultMode: silent } }));
            const mode = find(await claudeChecks(), /permissions\.defaultMode/);
            assert.strictEqual(mode?.title, `Claude Code: permissions.defaultMode is "${silent}" (${project})`);
            assertAskBeforeEditFix(mode);
        });
    }

    it('is satisfied by "default" in the project\'s .claude/settings.local.json over acceptEdits in the user\'s, and "diffTool": "auto"', async () => {
        write(path.join(home, '.claude', 'settings.json'), JSON.stringify({ permissions: { defaultMode: 'acceptEdits' } }));
        write(path.join(workspace, '.claude', 'settings.json'), JSON.stringify({ permissions: { defaultMode: 'acceptEdits' } }));
        const local = path.join(workspace, '.claude', 'settings.local.json');
        write(local, '{\n  // ask before every edit\n  "permissions": { "defaultMode": "default" }\n}\n');
        write(path.join(home, '.claude.json'), JSON.stringify({ diffTool: 'auto' }));
        const checks = await claudeChecks();
        const mode = find(checks, /permissions\.defaultMode/);
        assert.strictEqual(mode?.status, 'ok');
        assert.strictEqual(mode?.title, `Claude Code: permissions.defaultMode is "default" (${local}); edits are proposed as diffs`);
        assert.strictEqual(find(checks, /"diffTool"/)?.status, 'ok');
    });
});
