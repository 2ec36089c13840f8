// The Theia backend the ACP runs use (chat, Agent API, their bench): the real CLIs found on a PATH
// of their own, with ACP settings in the backend's HOME, talking to the loopback fake model APIs.
import fs from 'node:fs';
import path from 'node:path';
import { geminiAcpSettings, qwenAcpSettings } from './agent-api-process.mjs';
import { findCliBinary } from './cli-pty.mjs';
import { TheiaBackend, writeTree } from './theia-app.mjs';

/**
 * Starts the backend with `gemini` on PATH against `gemini` (a fake Gemini API), and `qwen` too when
 * `openai` (a fake OpenAI API) is given. The PATH holds those and node only: npx would add
 * node_modules/.bin, which would hide a lookup bug. Each CLI trusts `workspace`. `unset` drops variables
 * (e.g. GEMINI_API_KEY, for a CLI that has to ask for its key). `qwenSettings` is merged over qwen's ACP
 * settings (e.g. `modelProviders`, to give it more than one model). `app`: another build of browser-app (a bench's variant).
 */
export function startAcpTheiaBackend({ root, workspace, gemini, openai, qwenSettings = {}, settings = {}, env = {}, unset = [], app }) {
    const clis = [{
        name: 'gemini', packageName: '@google/gemini-cli', dir: '.gemini', settings: geminiAcpSettings(),
        env: { GEMINI_API_KEY: 'fake-gemini-key-0123456789', GOOGLE_GEMINI_BASE_URL: gemini.baseUrl, REMOTE_CONTAINERS: 'true' }
    }];
    if (openai) {
        clis.push({ name: 'qwen', packageName: '@qwen-code/qwen-code', dir: '.qwen', settings: { ...qwenAcpSettings(), ...qwenSettings }, env: openai.env('fake-openai-key-0123456789') });
    }
    const binDir = path.join(root, 'bin');
    fs.mkdirSync(binDir, { recursive: true });
    for (const cli of clis) {
        writeTree(path.join(root, 'home'), {
            [`${cli.dir}/settings.json`]: JSON.stringify(cli.settings),
            [`${cli.dir}/trustedFolders.json`]: JSON.stringify({ [workspace]: 'TRUST_FOLDER' })
        });
        // A second backend on the same root (a restart) finds the links in place.
        if (!fs.existsSync(path.join(binDir, cli.name))) {
            fs.symlinkSync(findCliBinary(cli.name, cli.packageName), path.join(binDir, cli.name));
        }
    }
    return TheiaBackend.start({
        root, workspace, settings, unset: ['CI', 'XDG_CONFIG_HOME', ...unset], ...app ? { app } : {},
        env: {
            PATH: [binDir, path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter),
            ...Object.assign({}, ...clis.map(cli => cli.env)), ...env
        }
    });
}
