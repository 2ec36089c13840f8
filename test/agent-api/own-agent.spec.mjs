// The Agent API driving an ACP agent of the user's own (issue 32 part 5): not one of the table's built-ins but
// `--agent NAME --agent-command PATH --agent-arg …`, as an `aiCliChat.agents` entry is inside Theia. First the ACP
// agent written for the tests, then the published `qwen --acp` named as the user's own agent (its key variable
// given with --agent-key-env) against the loopback OpenAI fake. Run from test/:
//   npx mocha --exit --timeout 180000 agent-api/own-agent.spec.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { AGENT_API_BIN, AgentApiProcess, qwenAcpSettings, stopAfterSuite } from '../support/agent-api-process.mjs';
import { FakeOpenAiApi } from '../support/fake-openai-api.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';

const SESSION_AGENT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../support/session-acp-agent.mjs');

describe('agent API with an ACP agent of the user\'s own', function () {
    this.timeout(180_000);

    describe('the test agent as --agent MyAgent', () => {
        let api;
        stopAfterSuite(() => ({ api, home: api?.home }));
        before(async () => {
            api = await AgentApiProcess.start({ own: { name: 'MyAgent', command: process.execPath, args: [SESSION_AGENT] } });
        });

        it('chats with it, and /status names it', async () => {
            const { status, body } = await api.json('/chat', { method: 'POST', body: { message: 'hello there', stream: false } });
            assert.equal(status, 200, JSON.stringify(body));
            assert.equal(body.response, 'Echo: hello there');
            const status2 = await api.json('/status', { method: 'GET' });
            assert.equal(status2.body.agent, 'MyAgent', JSON.stringify(status2.body));
        });

        it('setting an API key for an agent without a key variable says how to name one', async () => {
            const { status, body } = await api.json('/auth/config', { method: 'POST', body: { authType: 'gemini-api-key', apiKey: 'some-key-0123456789' } });
            assert.equal(status, 400, JSON.stringify(body));
            assert.match(body.message, /MyAgent has no API key variable: name it with "apiKeyEnv"/);
        });
    });

    describe('the real qwen --acp as --agent MyQwen', () => {
        let api, fake;
        stopAfterSuite(() => ({ api, fake, home: api?.home }));
        before(async () => {
            fake = await FakeOpenAiApi.start();
            api = await AgentApiProcess.start({
                own: { name: 'MyQwen', command: findCliBinary('qwen', '@qwen-code/qwen-code'), args: ['--acp'], keyEnv: 'OPENAI_API_KEY' },
                env: fake.env('fake-openai-key-0123456789'), setUp: home => home.setUpQwen(qwenAcpSettings())
            });
        });

        it('its answer comes from the model, with the key it was given', async () => {
            fake.enqueue({ text: 'Hello from your own qwen.' });
            const { status, body } = await api.json('/chat', { method: 'POST', body: { message: 'Say hello', stream: false } });
            assert.equal(status, 200, JSON.stringify(body));
            assert.equal(body.response, 'Hello from your own qwen.');
            assert.equal(fake.chatRequests.at(-1).headers.authorization, 'Bearer fake-openai-key-0123456789');
        });
    });

    it('refuses an unknown agent without a command, and a command that is not on PATH, saying why', () => {
        const run = args => spawnSync(process.execPath, [AGENT_API_BIN, 'serve', '--workspace', '/tmp', '--port', '0', ...args], { encoding: 'utf8', timeout: 30_000 });
        const unknown = run(['--agent', 'Nope']);
        assert.notEqual(unknown.status, 0);
        assert.match(unknown.stderr, /--agent must be .*or the name of an ACP agent of your own given with --agent-command, not "Nope"/);
        const missing = run(['--agent', 'Nope', '--agent-command', 'no-such-agent-program-0']);
        assert.notEqual(missing.status, 0);
        assert.match(missing.stderr, /The agent Nope's command "no-such-agent-program-0" is not on PATH/);
    });
});
