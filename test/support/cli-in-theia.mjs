import path from 'node:path';
import { FakeGeminiApi } from './fake-gemini-api.mjs';
import { REPO_ROOT, TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, writeTree } from './theia-app.mjs';

/**
 * A Theia window in Chromium whose terminals can run a real CLI: a temp workspace, the CLI's
 * settings in the sandboxed HOME (workspace trusted), a loopback fake model API, and a backend whose
 * environment — inherited by every terminal — points the CLI at it.
 *
 * @param {object} options
 * @param {(workspace: string) => Record<string, string>} options.homeFiles files under HOME, by relative path
 * @param {(fake: FakeGeminiApi) => Record<string, string>} options.env what the CLI needs in its environment
 * @param {() => Promise<object>} [options.startFake] another fake model API (default: the Gemini one)
 * @param {(setup: object) => string[]} [options.extraPath] directories put first on the terminals' PATH
 */
export async function openTheiaForCli({ prefix, workspaceFiles, homeFiles, env, windowSetup, startFake = () => FakeGeminiApi.start(), extraPath = () => [] }) {
    const setup = { root: makeTempRoot(prefix) };
    setup.close = async () => {
        await setup.window?.close();
        await setup.browser?.close();
        await setup.backend?.stop();
        await setup.fake?.close();
        removeTempRoot(setup.root);
    };
    setup.workspace = writeTree(path.join(setup.root, 'workspace'), workspaceFiles);
    writeTree(path.join(setup.root, 'home'), homeFiles(setup.workspace));
    setup.fake = await startFake();
    setup.backend = await TheiaBackend.start({
        root: setup.root,
        workspace: setup.workspace,
        env: {
            // The installed CLIs on PATH, unless the test sets a PATH of its own.
            PATH: [...extraPath(setup), path.join(REPO_ROOT, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter),
            ...env(setup.fake)
        },
        // CI=true would put the CLI in non-interactive mode; a user's terminal has no such variable.
        unset: ['CI', 'GITHUB_ACTIONS', 'NO_COLOR']
    });
    setup.browser = await launchChromium();
    setup.window = await TheiaWindow.open(setup.browser, setup.backend, setup.workspace, { setup: windowSetup });
    return setup;
}
