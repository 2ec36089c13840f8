import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CleanupStack } from '../support/cleanup-stack.mjs';
import { startTestEndpoint } from '../support/test-endpoint.mjs';
import { CliPty, findCliBinary } from '../support/cli-pty.mjs';
import { CliHome, cleanProcessEnv, geminiTestSettings, qwenTestSettings } from '../support/cli-home.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';

const CONNECTED = 'Connected to Eclipse Theia';
// The empty prompt of both CLIs: startup is over and keystrokes go to the input box.
const PROMPT_READY = /Type your message/;

/** The screen below the last occurrence of `marker`, i.e. the output of the last command typed. */
function textAfter(screen, marker) {
    const index = screen.lastIndexOf(marker);
    return index < 0 ? '' : screen.slice(index + marker.length);
}

async function waitUntil(predicate, what, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
        if (Date.now() > deadline) {
            throw new Error(`Timed out waiting for ${what}`);
        }
        await new Promise(resolve => setTimeout(resolve, 100));
    }
}

describe('published CLI binaries in a pseudo-terminal, against a CompanionEndpoint', function () {
    this.timeout(180_000);

    let fakeApi;
    const cleanups = new CleanupStack();

    before(async () => {
        fakeApi = await FakeGeminiApi.start();
    });

    afterEach(async () => {
        await cleanups.run();
    });

    after(async () => {
        await fakeApi?.close();
    });

    function newHome() {
        const home = CliHome.create();
        cleanups.push(async () => home.cleanup());
        return home;
    }

    async function startEndpoint(home) {
        const endpoint = await startTestEndpoint({ host: home.host, roots: [home.workspace] });
        cleanups.push(() => endpoint.stop());
        return endpoint;
    }

    /** Starts the installed bin like a Theia terminal would: in the workspace, with the terminal env. */
    function startCli(bin, packageName, home, terminalEnv, extraEnv) {
        const command = findCliBinary(bin, packageName);
        const env = { ...cleanProcessEnv(), ...home.env, ...terminalEnv, ...extraEnv };
        const cli = CliPty.spawn({ command, cwd: home.workspace, env });
        cleanups.push(() => cli.kill());
        return cli;
    }

    function startGemini(home, terminalEnv) {
        return startCli('gemini', '@google/gemini-cli', home, terminalEnv, {
            GEMINI_API_KEY: 'test-key-not-used',
            // No request should reach a model; if one does it lands here, not on Google.
            GOOGLE_GEMINI_BASE_URL: fakeApi.baseUrl
        });
    }

    function startQwen(home, terminalEnv) {
        return startCli('qwen', '@qwen-code/qwen-code', home, terminalEnv, {
            OPENAI_API_KEY: 'test-key-not-used',
            OPENAI_BASE_URL: `${fakeApi.baseUrl}/v1`,
            OPENAI_MODEL: 'fake-model'
        });
    }

    /** Types `/ide status` and resolves with what the CLI printed for it. */
    async function ideStatus(cli, expected) {
        await cli.submit('/ide status');
        const screen = await cli.waitFor(s => textAfter(s, '/ide status').includes(expected), 60_000, `'${expected}' after /ide status`);
        return textAfter(screen, '/ide status');
    }

    it('gemini: `/ide enable` connects to the endpoint and `/ide status` reports Eclipse Theia', async () => {
        const home = newHome();
        home.setUpGemini(geminiTestSettings({ ideEnabled: false }));
        const endpoint = await startEndpoint(home);
        const cli = startGemini(home, endpoint.terminalEnv());

        await cli.waitForText(PROMPT_READY, 90_000);
        await cli.submit('/ide enable');
        await cli.waitFor(s => textAfter(s, '/ide enable').includes(CONNECTED), 60_000, `'${CONNECTED}' after /ide enable`);
        await ideStatus(cli, CONNECTED);

        await waitUntil(() => endpoint.status().sessions.some(s => s.clientId === 'gemini'), 'a gemini session')
            .catch(error => assert.fail(`${error.message}: ${JSON.stringify(endpoint.status())}\n${cli.describe()}`));
        const settings = JSON.parse(fs.readFileSync(path.join(home.home, '.gemini', 'settings.json'), 'utf8'));
        assert.equal(settings.ide?.enabled, true, `/ide enable did not persist ide.enabled: ${JSON.stringify(settings)}`);
    });

    it('qwen: `/ide enable` connects to the endpoint and `/ide status` reports Eclipse Theia', async () => {
        const home = newHome();
        home.setUpQwen(qwenTestSettings({ ideEnabled: false }));
        const endpoint = await startEndpoint(home);
        const cli = startQwen(home, endpoint.terminalEnv());

        await cli.waitForText(PROMPT_READY, 90_000);
        await cli.submit('/ide enable');
        await cli.waitFor(s => textAfter(s, '/ide enable').includes(CONNECTED), 60_000, `'${CONNECTED}' after /ide enable`);
        await ideStatus(cli, CONNECTED);

        await waitUntil(() => endpoint.status().sessions.some(s => s.clientId === 'qwen'), 'a qwen session')
            .catch(error => assert.fail(`${error.message}: ${JSON.stringify(endpoint.status())}\n${cli.describe()}`));
    });

    it('gemini: with ide.enabled and a wrong token in env and discovery file, the endpoint refuses it', async () => {
        const home = newHome();
        home.setUpGemini(geminiTestSettings({ ideEnabled: true }));
        const endpoint = await startEndpoint(home);
        // The CLI prefers the file's token over the env's, so both must be wrong.
        const file = endpoint.status().files.find(f => path.basename(f).startsWith('gemini-ide-server-'));
        fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), authToken: 'wrong-token' }));
        const cli = startGemini(home, { ...endpoint.terminalEnv(), GEMINI_CLI_IDE_AUTH_TOKEN: 'wrong-token' });

        await cli.waitForText(PROMPT_READY, 90_000);
        const output = await ideStatus(cli, 'Disconnected');

        assert.ok(!output.includes(CONNECTED), `Expected no connection.\n${cli.describe()}`);
        // Naming the IDE proves the CLI read our discovery file, so the token is what failed.
        assert.ok(output.includes('in Eclipse Theia'), `Expected the failure to name Eclipse Theia.\n${cli.describe()}`);
        assert.deepEqual(endpoint.status().sessions, [], `The endpoint accepted a wrong token.\n${cli.describe()}`);
    });

    it('gemini: with ide.enabled but the endpoint stopped, `/ide status` says IDE integration is unsupported', async () => {
        const home = newHome();
        home.setUpGemini(geminiTestSettings({ ideEnabled: true }));
        const endpoint = await startEndpoint(home);
        const terminalEnv = endpoint.terminalEnv();
        // The terminal outlives the IDE window: its env still names a port nobody listens on.
        await endpoint.stop();
        const cli = startGemini(home, terminalEnv);

        await cli.waitForText(PROMPT_READY, 90_000);
        // With no discovery file Gemini CLI cannot tell which IDE it is in, so it does not even try.
        const output = await ideStatus(cli, 'IDE integration is not supported in your current environment');

        assert.ok(!output.includes(CONNECTED), `Expected no connection.\n${cli.describe()}`);
    });
});
