// Issue 21 part 8, against the published bin driving the real gemini --acp behind a loopback fake
// Gemini API: execute-command's children get no credential of the server's environment, whatever its
// name or shape, and a key set through POST /auth/config after the start is redacted from then on,
// while the real agent still authenticates with it.
import assert from 'node:assert/strict';
import path from 'node:path';
import { AgentApiProcess, stopAfterSuite } from '../support/agent-api-process.mjs';
import { CliHome } from '../support/cli-home.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';

const PLANTED = {
    PGPASSWORD: 'planted-pg-password-1', AZURE_OPENAI_APIKEY: 'planted-azure-key-22', npm_config__authToken: 'planted-npm-token-333',
    DATABASE_URL: 'postgres://app:planted-db-password-4444@localhost:5432/app'
};
const RUNTIME_KEY = 'runtime-gemini-key-7d2e8f1a6c';

describe('agent API: no credential reaches execute-command (issue 21 part 8)', function () {
    let fake, api, home;

    before(async () => {
        fake = await FakeGeminiApi.start();
        home = CliHome.create('agent-api-secrets-');
        // No key in the environment: only what /auth/config stores can authenticate.
        api = await AgentApiProcess.start({ agent: 'gemini', fake, home, args: ['--enable-execute-command', '--keys-in-file'],
            env: { GEMINI_API_KEY: null, PLAIN_SETTING: 'plain-value', ...PLANTED } });
    });

    stopAfterSuite(() => ({ api, fake, home }));

    const run = async command => {
        const answer = await api.json('/execute-command', { method: 'POST', body: { command, shell: true } });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        return answer.body.output;
    };

    it('runs commands without PGPASSWORD, AZURE_OPENAI_APIKEY, npm_config__authToken or a DATABASE_URL with a password', async () => {
        const env = await run('env');
        assert.match(env, /^PLAIN_SETTING=plain-value$/m, 'env did run');
        for (const name of Object.keys(PLANTED)) {
            assert.doesNotMatch(env, new RegExp(`^${name}=`, 'm'), name);
        }
    });

    it('redacts what it withheld wherever a command finds it: the server\'s own /proc/<pid>/environ', async () => {
        const environ = await run(`tr '\\0' '\\n' < /proc/${api.child.pid}/environ`);
        assert.match(environ, /^PLAIN_SETTING=plain-value$/m, 'the server\'s environment was read');
        assert.match(environ, /^PGPASSWORD=\[redacted\]$/m);
        for (const secret of [...Object.values(PLANTED), 'planted-db-password-4444']) {
            assert.ok(!environ.includes(secret), secret);
        }
    });

    it('a key set through POST /auth/config is redacted from a cat of the credentials file; the real gemini still uses it', async () => {
        const configured = await api.json('/auth/config', { method: 'POST', body: { authType: 'gemini-api-key', apiKey: RUNTIME_KEY } });
        assert.equal(configured.status, 200, JSON.stringify(configured.body));
        const file = path.join(home.home, '.config', 'ai-cli-agent-api', 'credentials.json');
        const printed = await run(`cat '${file}'`);
        assert.match(printed, /authType.*gemini-api-key/, 'the file was read');
        assert.ok(!printed.includes(RUNTIME_KEY), printed);
        assert.match(printed, /\[redacted\]/);
        fake.enqueue({ text: 'Authenticated.' });
        const chat = await api.json('/chat', { method: 'POST', body: { message: 'hi' } });
        assert.equal(chat.status, 200, JSON.stringify(chat.body));
        assert.equal(fake.chatRequests.at(-1).headers['x-goog-api-key'], RUNTIME_KEY);
        assert.ok(!api.stderr.includes(RUNTIME_KEY), 'not in the log');
    });
});
