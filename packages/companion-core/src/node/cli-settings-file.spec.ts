import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { findProfile } from '../common/client-profiles';
import { CliSettingsFile } from './cli-settings-file';

describe('CliSettingsFile', () => {
    let home: string;
    const host = () => ({ env: {}, homedir: home, tmpdir: os.tmpdir() });

    beforeEach(() => { home = tempFolder('cli-settings-'); });
    afterEach(() => removeFolder(home));

    it('creates ~/.gemini/settings.json with ide.enabled when there is none', () => {
        const settings = new CliSettingsFile(findProfile('gemini')!, host());
        assert.strictEqual(settings.isIdeModeEnabled(), false);
        settings.enableIdeMode();
        assert.strictEqual(settings.path, path.join(home, '.gemini', 'settings.json'));
        assert.deepStrictEqual(JSON.parse(fs.readFileSync(settings.path, 'utf8')), { ide: { enabled: true } });
        assert.strictEqual(settings.isIdeModeEnabled(), true);
        assert.strictEqual(fs.statSync(settings.path).mode & 0o777, 0o600);
    });

    it('keeps every other key and comment of an existing Qwen settings file', () => {
        const file = path.join(home, '.qwen', 'settings.json');
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, '{\n  // my model\n  "model": { "name": "qwen3-coder" },\n  "ide": { "hasSeenNudge": true, "enabled": false },\n}\n');
        const settings = new CliSettingsFile(findProfile('qwen')!, host());
        settings.enableIdeMode();
        const text = fs.readFileSync(file, 'utf8');
        assert.match(text, /\/\/ my model/);
        assert.match(text, /"name": "qwen3-coder"/);
        assert.match(text, /"hasSeenNudge": true/);
        assert.strictEqual(settings.isIdeModeEnabled(), true);
    });

    it('refuses to touch a file that is not JSON', () => {
        const file = path.join(home, '.gemini', 'settings.json');
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, '{ "ide": ');
        assert.throws(() => new CliSettingsFile(findProfile('gemini')!, host()).enableIdeMode(), /not valid JSON/);
        assert.strictEqual(fs.readFileSync(file, 'utf8'), '{ "ide": ');
    });

    it('edits a symlinked settings file in place: the link, the mode and the other keys stay', () => {
        const dotfiles = path.join(home, 'dotfiles');
        fs.mkdirSync(dotfiles);
        const real = path.join(dotfiles, 'gemini-settings.json');
        fs.writeFileSync(real, '{ "theme": "dark" }\n', { mode: 0o640 });
        fs.chmodSync(real, 0o640);
        fs.mkdirSync(path.join(home, '.gemini'));
        const link = path.join(home, '.gemini', 'settings.json');
        fs.symlinkSync(real, link);
        const settings = new CliSettingsFile(findProfile('gemini')!, host());
        settings.enableIdeMode();
        assert.ok(fs.lstatSync(link).isSymbolicLink(), 'still a link');
        assert.strictEqual(fs.readlinkSync(link), real);
        assert.strictEqual(fs.statSync(real).mode & 0o777, 0o640);
        assert.deepStrictEqual(JSON.parse(fs.readFileSync(real, 'utf8')), { theme: 'dark', ide: { enabled: true } });
        assert.strictEqual(settings.isIdeModeEnabled(), true);
    });
});
