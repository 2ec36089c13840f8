// The ACP engine (packages/acp-client) continuing a conversation after the agent process died, with the
// real `qwen --acp` (0.24) and `gemini --acp` (0.61) against loopback fakes of their model APIs: a turn,
// a SIGKILL of the agent's process group, `reattachSession`, and the next model request. Which method each
// agent used is asserted and printed:
// - qwen offers load, list and resume: it resumes, and the model request after the crash carries the turn;
//   `session/load` replays the turn, and `session/list` lists the session for the folder.
// - gemini 0.61 offers load only, and its `session/load` erases the session it loads (it appends a new
//   recording header whose `$set` empties the history, then reads it: "No previous sessions found for this
//   project.", acp.md §3). The engine does not send it: a fresh session that says so, and the session's
//   recorded history stays intact for `gemini --resume` in a terminal.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { geminiAcpSettings, qwenAcpSettings } from '../support/agent-api-process.mjs';
import { cleanProcessEnv, CliHome } from '../support/cli-home.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';
import { FakeOpenAiApi } from '../support/fake-openai-api.mjs';

const require = createRequire(import.meta.url);
const { WorkspaceAgent, agentProfile, silentLogger, replayNotShown } = require('../../packages/acp-client/lib/index.js');

const said = text => [{ type: 'text', text }];

function recorder() {
    const updates = [];
    let exited;
    const gone = new Promise(resolve => { exited = resolve; });
    return {
        updates, gone,
        texts: () => updates.filter(update => update.sessionUpdate === 'agent_message_chunk').map(update => update.content.text).join(''),
        onUpdate: update => { updates.push(update); },
        onPermission: async () => ({ outcome: { outcome: 'cancelled' } }),
        onAgentExit: error => exited(error)
    };
}

const CASES = [
    {
        id: 'qwen', packageName: '@qwen-code/qwen-code', fake: () => FakeOpenAiApi.start(),
        setUp: home => home.setUpQwen(qwenAcpSettings()), env: fake => fake.env('fake-openai-key-0123456789'),
        /** What the model was sent, as one string (the whole conversation so far). */
        sentText: request => JSON.stringify(request.body.messages),
        continues: 'resumed'
    },
    {
        id: 'gemini', packageName: '@google/gemini-cli', fake: () => FakeGeminiApi.start(),
        setUp: home => home.setUpGemini(geminiAcpSettings()),
        env: fake => ({ GEMINI_API_KEY: 'fake-gemini-key-0123456789', GOOGLE_GEMINI_BASE_URL: fake.baseUrl, REMOTE_CONTAINERS: 'true' }),
        sentText: request => JSON.stringify(request.body.contents),
        continues: 'new'
    }
];

for (const cli of CASES) {
    describe(`the ACP engine continues a ${cli.id} --acp session after the agent process died`, function () {
        let fake, home, agent;

        before(async () => {
            fake = await cli.fake();
            home = CliHome.create(`acp-reattach-${cli.id}-`);
            cli.setUp(home);
            agent = new WorkspaceAgent({
                workspace: home.workspace, logger: silentLogger, scrub: text => text,
                profile: agentProfile(cli.id), command: findCliBinary(cli.id, cli.packageName),
                environment: async () => ({ ...cleanProcessEnv(), ...home.env, ...cli.env(fake) })
            });
        });

        after(async () => {
            await agent?.stop();
            await new Promise(resolve => fake.server.close(resolve));
            home?.cleanup();
        });

        it(cli.continues === 'new'
            ? 'a turn, SIGKILL, reattach: its load (which erases the session) is not sent; a fresh session says so, and gemini\'s record of the turn stays intact'
            : 'a turn, SIGKILL, reattach: the model\'s next request carries the earlier turn', async () => {
            const session = recorder();
            const { sessionId } = await agent.openSession(session);
            const capabilities = agent.knownSessionCapabilities;
            const offered = agent.current.initializeResult.agentCapabilities;
            fake.enqueue({ text: 'Noted: papaya.' });
            assert.equal((await agent.prompt(sessionId, said('Remember the secret word PAPAYA-7.'))).stopReason, 'end_turn');
            assert.match(session.texts(), /Noted: papaya\./);
            process.kill(-agent.pid, 'SIGKILL');
            await session.gone;
            assert.equal(agent.hasSession(sessionId), false);

            const attached = await agent.reattachSession(sessionId);
            console.log(`      ${cli.id}: initialize offered loadSession ${offered.loadSession}, sessionCapabilities ${JSON.stringify(offered.sessionCapabilities)}; ` +
                `used ${JSON.stringify(capabilities)}; after the crash: ${attached.how}` +
                `${attached.reason ? ` (${attached.reason})` : ''}${attached.replay ? `, ${attached.replay.length} replayed updates` : ''}`);
            assert.equal(attached.how, cli.continues, attached.reason);
            const before = fake.chatRequests.length;
            fake.enqueue({ text: 'It was PAPAYA-7.' });
            await agent.prompt(attached.sessionId, said('Which secret word did I tell you?'));
            const next = fake.chatRequests.slice(before).find(request => cli.sentText(request).includes('Which secret word'));
            assert.ok(next, 'the next prompt reached the model');
            if (cli.continues === 'new') {
                assert.equal(offered.loadSession, true, 'gemini offers load');
                assert.deepEqual([capabilities.load, capabilities.resume], [false, false], 'the engine does not use it');
                assert.match(attached.reason, /^Gemini CLI cannot resume sessions: this conversation starts fresh/);
                assert.doesNotMatch(cli.sentText(next), /PAPAYA-7/);
                const chats = fs.readdirSync(`${home.home}/.gemini/tmp`).map(dir => `${home.home}/.gemini/tmp/${dir}/chats`).filter(dir => fs.existsSync(dir));
                const file = chats.flatMap(dir => fs.readdirSync(dir).filter(name => name.includes(sessionId.slice(0, 8))).map(name => `${dir}/${name}`))[0];
                const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
                const turn = lines.findIndex(line => line.includes('PAPAYA-7'));
                assert.ok(turn > 0, 'gemini recorded the turn');
                assert.equal(lines.slice(turn).some(line => line.startsWith('{"$set":{"messages"')), false,
                    'nothing reset the recorded history after the turn (what gemini\'s own load would do)');
                return;
            }
            assert.equal(attached.sessionId, sessionId);
            assert.match(cli.sentText(next), /PAPAYA-7/, 'the model request after the crash carries the earlier turn');
            assert.match(cli.sentText(next), /Noted: papaya/);
        });

        if (cli.continues === 'resumed') {
            it('session/load replays the conversation (nothing new to a chat that shows it) and session/list lists it for the folder', async () => {
                const session = recorder();
                const { sessionId } = await agent.openSession(session);
                fake.enqueue({ text: 'Noted: kiwi.' });
                await agent.prompt(sessionId, said('Remember the fruit KIWI-3.'));
                process.kill(-agent.pid, 'SIGKILL');
                await session.gone;
                const attached = await agent.attachSession(recorder(), { sessionId, prefer: 'load' });
                assert.equal(attached.how, 'loaded', attached.reason);
                const kinds = attached.replay.map(update => update.sessionUpdate);
                console.log(`      ${cli.id}: session/load replayed ${JSON.stringify([...new Set(kinds)])}`);
                const shown = [{ role: 'user', text: 'Remember the fruit KIWI-3.' }, { role: 'agent', text: 'Noted: kiwi.' }];
                assert.ok(kinds.includes('user_message_chunk') && kinds.includes('agent_message_chunk'));
                assert.deepEqual(replayNotShown(shown, attached.replay).filter(update => update.sessionUpdate.endsWith('message_chunk')), [],
                    'the replay is the turn the chat already shows');
                const listed = await agent.listAllSessions(home.workspace);
                assert.equal(listed.supported, true);
                const entry = listed.sessions.find(info => info.sessionId === sessionId);
                console.log(`      ${cli.id}: session/list entry ${JSON.stringify(entry)}`);
                assert.ok(entry, 'the session is listed for its folder');
                assert.equal(entry.cwd, home.workspace);
            });
        }
    });
}
