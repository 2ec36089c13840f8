import * as assert from 'assert';
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { CLIENT_PROFILES, findProfile } from '@ai-cli-companion/core';
import { CliCommandLookup, CompanionEndpoint, ConnectionDiagnostics } from '@ai-cli-companion/core/node';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { CompanionOutput } from './companion-output';
import { DIAGNOSE_COMMAND, registerDiagnoseConnection, vsixWording } from './diagnose-connection';
import { Uri, commands, env, standIn, window, workspace } from './test/vscode-stand-in';

describe('Diagnose Connection in the .vsix', function () {
    this.timeout(20_000);
    let root: string;
    let folder: string;
    let endpoint: CompanionEndpoint;
    let shell: ChildProcess;
    let log: CompanionOutput;

    beforeEach(async () => {
        standIn.reset();
        root = tempFolder('vsix-diagnose-', { real: true });
        folder = path.join(root, 'ws');
        fs.mkdirSync(folder);
        fs.mkdirSync(path.join(root, 'tmp'));
        const host = { env: {}, homedir: path.join(root, 'home'), tmpdir: path.join(root, 'tmp') };
        endpoint = new CompanionEndpoint({ ideInfo: { name: 'vscode', displayName: 'Stand-in Code' }, host, profiles: [findProfile('gemini')!] });
        await endpoint.start({ roots: [folder] });
        workspace.workspaceFolders = [{ uri: Uri.file(folder) }];
        // A terminal's shell with the window's variables, in the workspace folder, as the environment collection gives it.
        shell = spawn('/bin/sh', ['-c', 'sleep 60; true'], { cwd: folder, env: { ...process.env, ...endpoint.terminalEnv() }, stdio: 'ignore' });
        window.terminals = [{ name: 'bash', processId: Promise.resolve(shell.pid) }];
        log = new CompanionOutput(() => false);
        const diagnostics = new ConnectionDiagnostics({
            wording: vsixWording(env.appName), host, lookup: new CliCommandLookup({ PATH: '', SHELL: '/bin/false' }), inContainer: false
        });
        registerDiagnoseConnection(endpoint, log, '9.9.9', diagnostics);
    });

    afterEach(async () => {
        shell.kill('SIGKILL');
        await endpoint.stop();
        removeFolder(root);
    });

    it('runs the core\'s checks, writes the report to the output channel in the .vsix\'s words, and copies it', async () => {
        const report = await commands.executeCommand(DIAGNOSE_COMMAND) as string;
        const output = (log.channel as unknown as { lines: string[] }).lines.join('\n');
        assert.ok(output.includes(report), 'the whole report is in the output channel');
        const { port, files: [discovery] } = endpoint.status();
        assert.match(report, /^# AI CLI companion: connection diagnosis\n\n.* · Stand-in Code · companion 9\.9\.9\n/);
        assert.ok(report.includes(`- ✔ OK: Server listening on 127.0.0.1:${port}`));
        assert.match(report, new RegExp(`- ✔ OK: Gemini CLI: ${discovery.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n  - owner uid \\d+, mode 600`));
        assert.ok(report.includes(`- ✔ OK: Terminal "bash" has Gemini CLI's variables for this server (port ${port})`));
        assert.ok(report.includes(`- ✔ OK: Working directory ${folder} is inside the workspace`));
        // The fixes name this extension's commands and settings, never the Theia extension's.
        assert.ok(report.includes('**Fix:** Install it with "npm install -g @google/gemini-cli" in a terminal, then run "AI CLI: Run Gemini CLI".'));
        assert.ok(report.includes('**Fix:** Set "aiCli.qwen.enabled" to true in Settings to use it.'));
        assert.ok(report.includes('so no diff ever opens in Stand-in Code.'));
        assert.doesNotMatch(report, /aiCliCompanion\.|in Terminal"|Preferences/);
        assert.strictEqual(CLIENT_PROFILES.filter(profile => report.includes(`## ${profile.displayName}\n`)).length, CLIENT_PROFILES.length);
        assert.match(standIn.messages.join('\n'), /Connection diagnosis: \d+ error\(s\), \d+ warning\(s\); fixes are in the output\./);
        assert.strictEqual(standIn.clipboard, report, 'Copy report');
    });
});
