import path from 'node:path';
import { CliPty, findCliBinary } from './cli-pty.mjs';
import { cleanProcessEnv } from './cli-home.mjs';

/** opencode's prompt is ready: its input box shows the placeholder. */
export const OPENCODE_READY = /Ask anything/;

/** The provider and model opencode is configured with (an OpenAI-compatible provider bundled in its binary). */
export const OPENCODE_MODEL = 'fake/fake-model';

/**
 * ~/.config/opencode/opencode.json with one provider: the loopback OpenAI fake. No auto-update, no sharing.
 */
export function writeOpencodeConfig(home, api) {
    home.writeJson('.config/opencode/opencode.json', {
        provider: {
            fake: {
                npm: '@ai-sdk/openai-compatible', name: 'Fake',
                options: { baseURL: api.baseUrl, apiKey: 'fake-openai-key' },
                models: { 'fake-model': { name: 'Fake model' } }
            }
        },
        model: OPENCODE_MODEL, small_model: OPENCODE_MODEL, autoupdate: false, share: 'disabled'
    });
}

/**
 * The real `opencode` (opencode-ai's native binary) in a pty, in the workspace of `home`, with a
 * terminal's environment. Offline: its XDG folders inside the home, and no models.dev fetch, update
 * check, LSP download, default plugins or sharing.
 */
export function startOpencode({ home, terminalEnv = {}, api, extraEnv = {} }) {
    writeOpencodeConfig(home, api);
    const env = {
        ...cleanProcessEnv(), ...home.env, ...terminalEnv,
        XDG_CONFIG_HOME: path.join(home.home, '.config'), XDG_DATA_HOME: path.join(home.home, '.local', 'share'),
        XDG_CACHE_HOME: path.join(home.home, '.cache'), XDG_STATE_HOME: path.join(home.home, '.local', 'state'),
        OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
        OPENCODE_DISABLE_DEFAULT_PLUGINS: '1', OPENCODE_DISABLE_SHARE: '1',
        ...extraEnv
    };
    return CliPty.spawnBinary({ file: findCliBinary('opencode', 'opencode-ai'), args: [], cwd: home.workspace, env });
}
