import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { CLIENT_PROFILES } from '@ai-cli-companion/core';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { enabledProfilesAtStartup } from './startup-preferences';

describe('enabledProfilesAtStartup', () => {
    let root: string;
    const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, text);
    };

    beforeEach(() => { root = tempFolder('startup-prefs-'); });
    afterEach(() => removeFolder(root));

    it('enables every client when nothing is set or the files are missing or broken', () => {
        const config = FileUri.create(path.join(root, 'config')).toString();
        const all = CLIENT_PROFILES.map(p => p.id);
        assert.deepStrictEqual(enabledProfilesAtStartup(config, []).map(p => p.id), all);
        write(path.join(root, 'config', 'settings.json'), '{ broken');
        assert.deepStrictEqual(enabledProfilesAtStartup(config, []).map(p => p.id), all);
    });

    it('honours user settings (with comments); a workspace folder may switch a client off but never back on', () => {
        const config = FileUri.create(path.join(root, 'config')).toString();
        write(path.join(root, 'config', 'settings.json'), '{\n // off for me\n "aiCliCompanion.qwen.enabled": false, "aiCliCompanion.llxprt.enabled": false, "aiCliCompanion.claude.enabled": false,\n}');
        const others = CLIENT_PROFILES.map(p => p.id).filter(id => !['qwen', 'llxprt', 'claude'].includes(id));
        assert.deepStrictEqual(enabledProfilesAtStartup(config, []).map(p => p.id), others);
        const workspace = path.join(root, 'ws');
        // A cloned repository's settings try to switch Qwen back on: the user's "off" stands.
        write(path.join(workspace, '.theia', 'settings.json'), '{ "aiCliCompanion.qwen.enabled": true, "aiCliCompanion.gemini.enabled": false }');
        assert.deepStrictEqual(enabledProfilesAtStartup(config, [workspace]).map(p => p.id), others.filter(id => id !== 'gemini'));
    });
});
