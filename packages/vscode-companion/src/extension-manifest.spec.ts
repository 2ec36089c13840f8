import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CLIENT_PROFILES } from '@ai-cli-companion/core';
import { enableIdeModeCommandId, runCommandId } from './cli-commands';
import { SETTINGS_SECTION, clientEnabledSetting } from './companion-settings';
import { DIAGNOSE_COMMAND, vsixWording } from './diagnose-connection';
import { isProfileContribution, profileCommands, profileSettings } from './manifest-contributions';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));

/** Theia 1.74.1 reports VS Code API 1.130.0; Open VSX installs in Theia keep versions whose engine it satisfies. */
const THEIA_API_LEVEL = [1, 130, 0];

describe('package.json of the .vsix', () => {
    it('engines.vscode is a caret range Theia 1.74\'s API level 1.130.0 satisfies, and @types/vscode is not newer', () => {
        const match = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(manifest.engines.vscode);
        assert.ok(match, `engines.vscode ${manifest.engines.vscode} should be ^major.minor.patch`);
        const engine = match.slice(1).map(Number);
        assert.strictEqual(engine[0], THEIA_API_LEVEL[0]);
        assert.ok(engine[1] < THEIA_API_LEVEL[1] || (engine[1] === THEIA_API_LEVEL[1] && engine[2] <= THEIA_API_LEVEL[2]));
        assert.strictEqual(manifest.devDependencies['@types/vscode'], engine.join('.'), 'vsce refuses @types/vscode newer than the engine');
    });

    it('activates on startup finished, never "*", and runs from the bundle', () => {
        assert.deepStrictEqual(manifest.activationEvents, ['onStartupFinished']);
        assert.strictEqual(manifest.main, './dist/extension.cjs');
        assert.strictEqual(manifest.browser, undefined, 'no web-worker entry: the server needs Node');
    });

    it('contributes a run command, a setting and (where the CLI has the switch) an IDE-mode command for every client profile', () => {
        const commands = manifest.contributes.commands.map((c: { command: string }) => c.command);
        const settings = Object.keys(manifest.contributes.configuration.properties);
        for (const profile of CLIENT_PROFILES) {
            assert.ok(commands.includes(runCommandId(profile)), `missing ${runCommandId(profile)}`);
            // Only CLIs with an IDE-mode switch (Claude Code has none: it connects by its terminal's port).
            assert.equal(commands.includes(enableIdeModeCommandId(profile)), !!profile.userSettings, `${enableIdeModeCommandId(profile)}`);
            assert.ok(settings.includes(`${SETTINGS_SECTION}.${clientEnabledSetting(profile)}`), `missing setting for ${profile.id}`);
        }
    });

    it('holds exactly the per-CLI commands and settings the client profiles make (scripts/write-manifest.mjs writes them at build)', () => {
        const profileCommandsInManifest = manifest.contributes.commands.filter((c: { command: string }) => isProfileContribution(c.command));
        assert.deepStrictEqual(profileCommandsInManifest, profileCommands(), 'run `npm run build` in packages/vscode-companion');
        const settings = Object.fromEntries(Object.entries(manifest.contributes.configuration.properties).filter(([name]) => isProfileContribution(name)));
        assert.deepStrictEqual(settings, profileSettings(), 'run `npm run build` in packages/vscode-companion');
    });

    it('contributes Diagnose Connection, and each run command under the title the fixes name', () => {
        const titles = new Map(manifest.contributes.commands.map((c: { command: string; title: string; category: string }) => [c.command, `${c.category}: ${c.title}`]));
        assert.strictEqual(titles.get(DIAGNOSE_COMMAND), 'AI CLI: Diagnose Connection');
        for (const profile of CLIENT_PROFILES) {
            assert.strictEqual(titles.get(runCommandId(profile)), vsixWording('any').runCommand(profile));
        }
    });

    it('✓ and ✗ sit in the diff\'s title bar and Ctrl/Cmd+S accepts, only while one of our diffs is active', () => {
        const titleMenu = manifest.contributes.menus['editor/title'];
        assert.deepStrictEqual(titleMenu.map((m: { command: string; when: string }) => [m.command, m.when]),
            [['aiCli.diff.accept', 'aiCli.diffActive'], ['aiCli.diff.reject', 'aiCli.diffActive']]);
        assert.deepStrictEqual(manifest.contributes.keybindings, [{ command: 'aiCli.diff.accept', key: 'ctrl+s', mac: 'cmd+s', when: 'aiCli.diffActive' }]);
    });
});
