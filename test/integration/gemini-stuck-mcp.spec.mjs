// The ACP engine (packages/acp-client) starting a session of the real `gemini --acp` (0.61) against the loopback
// fake Gemini API, with an MCP server (a user's `ai-features.mcp.mcpServers` entry) that reads and never answers
// (issue 29 part 11). gemini connects the session's MCP servers before it answers `session/new`, so without a
// bound the chat stayed at "Starting Gemini CLI…" for as long as gemini waits (minutes). With the bound the start
// fails, naming the server, and the agent process, shared by the workspace's other chats, keeps serving them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { geminiAcpSettings } from '../support/agent-api-process.mjs';
import { cleanProcessEnv, CliHome } from '../support/cli-home.mjs';
import { findCliBinary } from '../support/cli-pty.mjs';
import { FakeGeminiApi } from '../support/fake-gemini-api.mjs';

const require = createRequire(import.meta.url);
const { WorkspaceAgent, agentProfile, silentLogger } = require('../../packages/acp-client/lib/index.js');

/** Far above what gemini takes to open a session without MCP servers (well under a second once started). */
const BOUND_MS = 20_000;

const idle = () => ({ onUpdate: () => undefined, onPermission: async () => ({ outcome: { outcome: 'cancelled' } }) });

describe('gemini --acp with an MCP server that never answers: the session start is bounded and names the server', function () {
    let fake, home, agent;

    before(async () => {
        fake = await FakeGeminiApi.start();
        home = CliHome.create('gemini-stuck-mcp-');
        home.setUpGemini(geminiAcpSettings());
        agent = new WorkspaceAgent({
            workspace: home.workspace, logger: silentLogger, scrub: text => text, sessionStartTimeoutMs: BOUND_MS,
            profile: agentProfile('gemini'), command: findCliBinary('gemini', '@google/gemini-cli'),
            environment: async () => ({
                ...cleanProcessEnv(), ...home.env,
                GEMINI_API_KEY: 'fake-gemini-key-0123456789', GOOGLE_GEMINI_BASE_URL: fake.baseUrl, REMOTE_CONTAINERS: 'true'
            })
        });
    });

    after(async () => {
        await agent?.stop();
        await new Promise(resolve => fake.server.close(resolve));
        home?.cleanup();
    });

    it('session/new fails at the bound with the server\'s name; gemini had started it; the next session opens', async () => {
        const started = path.join(home.root, 'stuck-mcp-started');
        const stuck = {
            name: 'stuck-notes', command: process.execPath, env: [],
            // An stdio MCP server that says it started, then reads its input and never replies.
            args: ['-e', 'require("fs").writeFileSync(process.argv[1], "started"); process.stdin.resume()', started]
        };
        const error = await agent.openSession(idle(), home.workspace, [stuck]).then(() => undefined, failure => failure);
        assert.ok(error, 'gemini answered session/new although its MCP server never answered');
        assert.equal(agent.describe(error).message,
            `Gemini CLI did not finish starting within ${BOUND_MS / 1000} s; it was connecting the MCP server "stuck-notes" (session/new): check that it answers.`);
        assert.ok(fs.existsSync(started), 'gemini was connecting the server when the bound ended the start');
        assert.equal(agent.current?.isAlive, true, 'the agent process keeps running');
        const { sessionId } = await agent.openSession(idle());
        assert.ok(sessionId, 'a session without that server opens on the same process');
    });
});
