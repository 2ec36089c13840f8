// /auth/* for real: this machine has no Secret Service, so without --keys-in-file a key is refused and
// nothing is written; with it, the stored key lands in the 0600 file fallback; it survives a restart, reaches the real gemini through its environment, and never
// appears in an answer, an event or the log.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { AgentApiProcess, stopAfterSuite } from '../support/agent-api-process.mjs';
import { ChatStream } from '../support/agent-api-stream.mjs';
import { CliHome } from '../support/cli-home.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';

const STORED_KEY = 'stored-gemini-key-5c1d9e0a7b';

describe('agent API auth endpoints', function () {
    let fake, api, home;
    // The key in the environment is removed: only what /auth/config stores can authenticate.
    const start = (args = ['--keys-in-file'], cliHome = home) => AgentApiProcess.start({ agent: 'gemini', fake, home: cliHome, args, env: { GEMINI_API_KEY: null } });
    const credentialFile = (cliHome = home) => path.join(cliHome.home, '.config', 'ai-cli-agent-api', 'credentials.json');

    before(async () => {
        fake = await FakeGeminiApi.start();
        home = CliHome.create('agent-api-auth-');
        api = await start();
    });

    stopAfterSuite(() => ({ api, fake, home }));

    it('reports nothing configured, and a chat fails with the agent\'s own clear error', async () => {
        const status = await api.json('/auth/status');
        assert.equal(status.status, 200);
        assert.deepEqual(status.body.data, { isAuthenticated: false, authType: null, hasApiKey: false, hasGoogleCloudConfig: false });
        const chat = await api.json('/chat', { method: 'POST', body: { message: 'hi' } });
        assert.equal(chat.status, 500);
        assert.equal(chat.body.success, false);
        assert.match(chat.body.message, /API key/i);
    });

    it('validates /auth/config', async () => {
        for (const body of [{}, { authType: 'password' }, { authType: 'gemini-api-key' }, { authType: 'gemini-api-key', apiKey: '' },
            { authType: 'vertex-ai', googleCloudProject: 'p' }]) {
            const response = await api.json('/auth/config', { method: 'POST', body });
            assert.equal(response.status, 400, JSON.stringify(body));
            assert.equal(response.body.success, false);
        }
    });

    it('oauth-personal and /auth/google-login answer how to log in, never a fake success', async () => {
        const oauth = await api.json('/auth/config', { method: 'POST', body: { authType: 'oauth-personal' } });
        assert.equal(oauth.status, 400);
        assert.match(oauth.body.message, /run `gemini` in a terminal/);
        const login = await api.json('/auth/google-login', { method: 'POST', body: { code: 'abc', state: 'xyz' } });
        assert.equal(login.status, 501);
        assert.equal(login.body.success, false);
        assert.match(login.body.message, /Login with Google/);
        assert.equal((await api.json('/auth/status')).body.data.isAuthenticated, false);
    });

    it('without --keys-in-file and without a keychain, refuses to store a key, names the flag, and writes nothing', async () => {
        // A home of its own: its token file and config folder are not the suite's.
        const refusingHome = CliHome.create('agent-api-no-consent-');
        const refusing = await start([], refusingHome);
        try {
            const response = await refusing.fetch('/auth/config', { method: 'POST', body: { authType: 'gemini-api-key', apiKey: STORED_KEY } });
            const text = await response.text();
            assert.equal(response.status, 503);
            assert.ok(!text.includes(STORED_KEY));
            assert.match(JSON.parse(text).message, /only with your consent \(start the command with --keys-in-file to agree\)/);
            assert.match(refusing.stderr, /No OS keychain is reachable .*secrets: nowhere: .*--keys-in-file/);
            assert.equal(fs.existsSync(path.dirname(credentialFile(refusingHome))), false, 'no file, no folder');
            assert.equal((await refusing.json('/auth/status')).body.data.isAuthenticated, false);
        } finally {
            await refusing.stop();
            refusingHome.cleanup();
        }
    });

    it('stores an API key in a 0600 file when no keychain is reachable, and never echoes it', async () => {
        const response = await api.fetch('/auth/config', { method: 'POST', body: { authType: 'gemini-api-key', apiKey: STORED_KEY } });
        const text = await response.text();
        assert.equal(response.status, 200);
        assert.ok(!text.includes(STORED_KEY));
        assert.match(api.stderr, /No OS keychain is reachable/);
        const file = credentialFile();
        assert.equal(fs.statSync(file).mode & 0o777, 0o600);
        assert.equal(fs.statSync(path.dirname(file)).mode & 0o777, 0o700);
        assert.ok(fs.readFileSync(file, 'utf8').includes(STORED_KEY));
        const status = await api.fetch('/auth/status');
        const statusText = await status.text();
        assert.ok(!statusText.includes(STORED_KEY));
        assert.deepEqual(JSON.parse(statusText).data, { isAuthenticated: true, authType: 'gemini-api-key', hasApiKey: true, hasGoogleCloudConfig: false });
    });

    it('gives the stored key to the agent through its environment; no event or log line shows it', async () => {
        fake.enqueue({ chunks: ['Authenticated ', 'now.'] });
        const chat = await ChatStream.open(api, { message: 'hi again' });
        await chat.done;
        assert.equal(chat.text(), 'Authenticated now.');
        assert.equal(fake.chatRequests.at(-1).headers['x-goog-api-key'], STORED_KEY);
        assert.ok(!JSON.stringify(chat.list).includes(STORED_KEY));
        assert.ok(!api.stderr.includes(STORED_KEY));
    });

    it('keeps the configuration across a restart', async () => {
        await api.stop();
        api = await start();
        assert.equal((await api.json('/auth/status')).body.data.isAuthenticated, true);
        fake.enqueue({ text: 'Still authenticated.' });
        const chat = await api.json('/chat', { method: 'POST', body: { message: 'after restart' } });
        assert.equal(chat.status, 200);
        assert.equal(chat.body.response, 'Still authenticated.');
        assert.equal(fake.chatRequests.at(-1).headers['x-goog-api-key'], STORED_KEY);
    });

    it('/auth/logout and /auth/clear remove the stored secret; the next agent start has no key', async () => {
        const logout = await api.json('/auth/logout', { method: 'POST' });
        assert.equal(logout.status, 200);
        assert.equal(logout.body.success, true);
        assert.equal(fs.existsSync(credentialFile()), false);
        assert.equal((await api.json('/auth/status')).body.data.isAuthenticated, false);
        const chat = await api.json('/chat', { method: 'POST', body: { message: 'hi' } });
        assert.equal(chat.status, 500, 'the agent restarted without the key');
        await api.json('/auth/config', { method: 'POST', body: { authType: 'vertex-ai', googleCloudProject: 'proj', googleCloudLocation: 'us-central1' } });
        assert.deepEqual((await api.json('/auth/status')).body.data,
            { isAuthenticated: true, authType: 'vertex-ai', hasApiKey: false, hasGoogleCloudConfig: true });
        const clear = await api.json('/auth/clear', { method: 'POST' });
        assert.equal(clear.status, 200);
        assert.equal((await api.json('/auth/status')).body.data.authType, null);
    });
});
