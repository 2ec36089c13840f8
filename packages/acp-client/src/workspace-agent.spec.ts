import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type * as acp from '@agentclientprotocol/sdk';
import { removeFolder, tempFolder, until } from '@ai-cli-companion/node-base/test-support';
import { silentLogger } from './agent-logger';
import { AgentExitedError } from './agent-errors';
import { ClientTerminals } from './client-terminals';
import { WorkspaceAgent } from './workspace-agent';
import { isAlive } from './test/process-checks';
import { sessionRecorder } from './test/session-recorder';

/** The ACP agent the repository's tests write themselves (test/support): a real process speaking ACP on stdio. */
const TINY_AGENT = path.resolve(__dirname, '../../../test/support/tiny-acp-agent.mjs');

describe('WorkspaceAgent (the shared ACP engine) with a real ACP agent process', () => {
    let workspace: string;
    let agent: WorkspaceAgent;

    beforeEach(() => {
        workspace = tempFolder('acp-engine-', { real: true });
        agent = new WorkspaceAgent({
            workspace, logger: silentLogger, scrub: text => text, environment: async () => process.env,
            profile: { id: 'tiny', displayName: 'Tiny agent', command: process.execPath, args: [TINY_AGENT] }
        });
    });

    afterEach(async () => {
        await agent.stop();
        removeFolder(workspace);
    });

    it('starts lazily, once, and serves two sessions from one process, each hearing only its own updates', async () => {
        assert.equal(agent.pid, undefined, 'nothing runs before first use');
        const one = sessionRecorder();
        const two = sessionRecorder();
        const [a, b] = await Promise.all([agent.openSession(one), agent.openSession(two)]);
        assert.notEqual(a.sessionId, b.sessionId);
        assert.equal(a.agent, b.agent, 'one process for the workspace');
        await agent.prompt(a.sessionId, [{ type: 'text', text: 'first' }]);
        await agent.prompt(b.sessionId, [{ type: 'text', text: 'second' }]);
        assert.equal(one.texts(), 'Echo: first');
        assert.equal(two.texts(), 'Echo: second');
        assert.ok(one.updates.some(update => update.sessionUpdate === 'available_commands_update'),
            'the commands sent right behind session/new reach the session');
    });

    it('drops the agents\' noise (gemini\'s [MODE_UPDATE] text, qwen\'s empty chunk) before any consumer sees it', async () => {
        const session = sessionRecorder();
        const { sessionId } = await agent.openSession(session);
        await agent.prompt(sessionId, [{ type: 'text', text: 'announce yolo' }]);
        assert.equal(session.texts(), 'Mode is yolo.');
        const chunks = session.updates.filter(update => update.sessionUpdate === 'agent_message_chunk');
        assert.equal(chunks.length, 1, JSON.stringify(chunks));
    });

    it('routes a permission request to its session and sends back exactly the chosen option', async () => {
        const target = path.join(workspace, 'out.txt');
        const asked: acp.RequestPermissionRequest[] = [];
        const session = sessionRecorder({
            onPermission: async request => {
                asked.push(request);
                return { outcome: { outcome: 'selected', optionId: 'allow' } };
            }
        });
        const { sessionId } = await agent.openSession(session);
        const result = await agent.prompt(sessionId, [{ type: 'text', text: `write ${target} hello` }]);
        assert.equal(result.stopReason, 'end_turn');
        assert.deepEqual(asked[0].options.map(option => option.name), ['Allow', 'Always allow', 'Reject']);
        assert.equal(fs.readFileSync(target, 'utf8'), 'hello\n');
    });

    it('cancel ends a hanging turn with "cancelled"; the same process answers the next prompt', async () => {
        const session = sessionRecorder();
        const { sessionId } = await agent.openSession(session);
        const pid = agent.pid;
        const turn = agent.prompt(sessionId, [{ type: 'text', text: 'hang' }]);
        await until(() => session.texts().includes('Hanging'), 'the agent\'s "Hanging"');
        agent.cancel(sessionId);
        assert.equal((await turn).stopReason, 'cancelled');
        await agent.prompt(sessionId, [{ type: 'text', text: 'again' }]);
        assert.match(session.texts(), /Echo: again$/);
        assert.equal(agent.pid, pid);
    });

    it('an agent that dies mid-turn fails the turn with AgentExitedError and tells its sessions; the next session gets a fresh process', async () => {
        let told: AgentExitedError | undefined;
        const { sessionId } = await agent.openSession(sessionRecorder({ onAgentExit: error => { told = error; } }));
        const pid = agent.pid!;
        await assert.rejects(agent.prompt(sessionId, [{ type: 'text', text: 'die' }]), (error: unknown) => error instanceof AgentExitedError);
        assert.ok(told instanceof AgentExitedError);
        assert.equal(agent.hasSession(sessionId), false);
        const next = await agent.openSession(sessionRecorder());
        assert.notEqual(agent.pid, pid);
        assert.equal((await agent.prompt(next.sessionId, [{ type: 'text', text: 'back' }])).stopReason, 'end_turn');
    });

    it('serves fs/write_text_file through the session when asked to, so the client writes the file', async () => {
        await agent.stop();
        agent = new WorkspaceAgent({
            workspace, logger: silentLogger, scrub: text => text, environment: async () => process.env, serveFileSystem: true,
            profile: { id: 'tiny', displayName: 'Tiny agent', command: process.execPath, args: [TINY_AGENT] }
        });
        const writes: acp.WriteTextFileRequest[] = [];
        const target = path.join(workspace, 'through-client.txt');
        const { sessionId } = await agent.openSession(sessionRecorder({
            onPermission: async () => ({ outcome: { outcome: 'selected', optionId: 'allow' } }),
            writeTextFile: async request => { writes.push(request); return {}; }
        }));
        await agent.prompt(sessionId, [{ type: 'text', text: `write ${target} via client` }]);
        assert.deepEqual(writes.map(write => [write.path, write.content]), [[target, 'via client\n']]);
        assert.equal(fs.existsSync(target), false, 'the agent left the writing to the client');
    });

    it('passes the models session/new reports through, switches with session/set_model for the session only, and a refused switch rejects readably', async () => {
        await agent.stop();
        agent = new WorkspaceAgent({
            workspace, logger: silentLogger, scrub: text => text, environment: async () => process.env,
            profile: { id: 'tiny', displayName: 'Tiny agent', command: process.execPath, args: [TINY_AGENT, '--models'] }
        });
        const session = sessionRecorder();
        const opened = await agent.openSession(session);
        const models = (opened.state as { models?: { currentModelId: string; availableModels: Array<{ modelId: string }> } }).models;
        assert.equal(models?.currentModelId, 'tiny-small');
        assert.deepEqual(models?.availableModels.map(model => model.modelId), ['tiny-small', 'tiny-large', 'tiny-broken']);
        await opened.agent.setModel(opened.sessionId, 'tiny-large');
        await agent.prompt(opened.sessionId, [{ type: 'text', text: 'model' }]);
        assert.equal(session.texts(), 'Model: tiny-large', 'switched for this session only, not saved as the agent\'s default');
        const error = await opened.agent.setModel(opened.sessionId, 'tiny-broken').then(() => undefined, failure => failure);
        assert.match(agent.describe(error).message, /tiny-broken is not available to this account/);
    });

    it('declares no terminal unless asked to (the agent API\'s default): the agent runs no command through the client', async () => {
        const session = sessionRecorder();
        const { sessionId } = await agent.openSession(session);
        await agent.prompt(sessionId, [{ type: 'text', text: 'run sh -c true' }]);
        assert.match(session.texts(), /No terminal: the client did not declare/);
    });

    it('serves terminal/* through the session when asked to: the agent runs a command, shows it on a tool call and hears its exit', async () => {
        await agent.stop();
        agent = new WorkspaceAgent({
            workspace, logger: silentLogger, scrub: text => text, environment: async () => process.env, serveTerminals: true,
            profile: { id: 'tiny', displayName: 'Tiny agent', command: process.execPath, args: [TINY_AGENT] }
        });
        const terminals = new ClientTerminals();
        const outputs: string[] = [];
        const session = sessionRecorder({
            terminals: terminals.handlersFor({
                owner: 'test', cwd: requested => requested ?? workspace, env: process.env,
                watch: () => ({ onOutput: chunk => outputs.push(chunk.toString()) })
            })
        });
        const { sessionId } = await agent.openSession(session);
        fs.writeFileSync(path.join(workspace, 'hello.sh'), 'echo "hello from $(basename "$(pwd)")"\nexit 4\n');
        await agent.prompt(sessionId, [{ type: 'text', text: 'run sh hello.sh' }]);
        assert.equal(outputs.join(''), `hello from ${path.basename(workspace)}\n`, 'ran in the session\'s folder');
        assert.match(session.texts(), /Exit code 4; \d+ bytes of output\./);
        const call = session.updates.find(update => update.sessionUpdate === 'tool_call') as { content: Array<{ type: string; terminalId: string }> };
        assert.equal(call.content[0].type, 'terminal');
        assert.equal(terminals.size, 0, 'the agent released it');
    });

    it('declares Zed\'s terminal_output extension only when asked to (the chat shows output codex-acp streams in tool-call _meta)', async () => {
        const plain = sessionRecorder();
        await agent.prompt((await agent.openSession(plain)).sessionId, [{ type: 'text', text: 'capabilities' }]);
        assert.equal(JSON.parse(plain.texts())._meta, undefined, 'the agent API\'s default declares nothing more');
        await agent.stop();
        agent = new WorkspaceAgent({
            workspace, logger: silentLogger, scrub: text => text, environment: async () => process.env, showsTerminalOutputMeta: true,
            profile: { id: 'tiny', displayName: 'Tiny agent', command: process.execPath, args: [TINY_AGENT] }
        });
        const showing = sessionRecorder();
        await agent.prompt((await agent.openSession(showing)).sessionId, [{ type: 'text', text: 'capabilities' }]);
        assert.deepEqual(JSON.parse(showing.texts())._meta, { terminal_output: true });
    });

    it('stop() leaves no process behind', async () => {
        await agent.openSession(sessionRecorder());
        const pid = agent.pid!;
        await agent.stop();
        assert.equal(isAlive(pid), false);
        assert.equal(agent.pid, undefined);
    });

    it('a missing executable is a clear AGENT_NOT_FOUND failure naming the install command', async () => {
        const missing = new WorkspaceAgent({
            workspace, logger: silentLogger, scrub: text => text, environment: async () => process.env,
            profile: { id: 'nope', displayName: 'Nope CLI', command: 'no-such-acp-agent-xyz', args: ['--acp'], installCommand: 'npm install -g nope' }
        });
        const error = await missing.openSession(sessionRecorder()).then(() => undefined, failure => failure);
        const failure = missing.describe(error);
        assert.equal(failure.code, 'AGENT_NOT_FOUND');
        assert.match(failure.message, /npm install -g nope/);
    });
});
