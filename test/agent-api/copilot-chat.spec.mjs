// The Agent API driving the published `copilot --acp` (1.0.102) in bring-your-own-key mode (COPILOT_PROVIDER_BASE_URL
// at a loopback fake of the OpenAI chat-completions API, no GitHub sign-in): a third agent of the table's `agentApi`
// rows, driven with no code of its own (issue 32 part 5). Run from test/:
//   npx mocha --exit --timeout 180000 agent-api/copilot-chat.spec.mjs
import assert from 'node:assert/strict';
import { AgentApiProcess, agentApiSuite, isAlive } from '../support/agent-api-process.mjs';
import { ChatStream } from '../support/agent-api-stream.mjs';
import { CopilotFakeApi } from '../support/copilot-cli.mjs';
import { waitUntil } from '../support/wait.mjs';

describe('agent API with the real copilot --acp (bring your own key)', function () {
    this.timeout(180_000);
    let fake, api;
    const suite = agentApiSuite('copilot', () => CopilotFakeApi.start());
    before(() => ({ fake, api } = suite));

    it('streams the fake\'s answer to a prompt; the model request carries the prompt and the provider key', async () => {
        fake.enqueue({ forPrompt: 'Say hello from the API', text: 'Hello from the Copilot fake.' });
        const chat = await ChatStream.open(api, { message: 'Say hello from the API' });
        assert.equal(chat.status, 200);
        await chat.done;
        assert.equal(chat.text(), 'Hello from the Copilot fake.');
        assert.equal(chat.list.at(-1).type, 'complete');
        const request = fake.chatRequests.find(r => JSON.stringify(r.body?.messages ?? []).includes('Say hello from the API'));
        assert.ok(request, 'a model request with the prompt');
        assert.equal(request.headers.authorization, 'Bearer fake-openai-key');
    });

    it('a provider key stored with /auth/config reaches copilot through its environment, and /auth/status never shows it', async () => {
        const stored = 'stored-provider-key-0123456789';
        const keyless = await AgentApiProcess.start({ agent: 'copilot', fake, args: ['--keys-in-file'], env: { COPILOT_PROVIDER_API_KEY: null } });
        try {
            const saved = await keyless.json('/auth/config', { method: 'POST', body: { authType: 'gemini-api-key', apiKey: stored } });
            assert.equal(saved.status, 200, JSON.stringify(saved.body));
            fake.enqueue({ forPrompt: 'Which key?', text: 'Keyed.' });
            const { status, body } = await keyless.json('/chat', { method: 'POST', body: { message: 'Which key?', stream: false } });
            assert.equal(status, 200, JSON.stringify(body));
            assert.equal(body.response, 'Keyed.');
            const request = fake.chatRequests.find(r => JSON.stringify(r.body?.messages ?? []).includes('Which key?'));
            assert.equal(request?.headers.authorization, `Bearer ${stored}`);
            assert.ok(!JSON.stringify((await keyless.json('/auth/status', { method: 'GET' })).body).includes(stored));
        } finally {
            await keyless.stop();
            keyless.home.cleanup();
        }
    });

    it('answers stream: false, and SIGTERM leaves no copilot process behind', async () => {
        fake.enqueue({ forPrompt: 'Plainly', text: 'Plain.' });
        const { status, body } = await api.json('/chat', { method: 'POST', body: { message: 'Plainly' } });
        assert.equal(status, 200);
        assert.equal(body.response, 'Plain.');
        const pids = api.agentPids();
        assert.ok(pids.length > 0);
        const { code } = await api.stop();
        assert.equal(code, 0);
        await waitUntil(() => pids.every(pid => !isAlive(pid)), { what: 'every copilot process to be gone', timeout: 10_000 });
    });
});
