import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type * as acp from '@agentclientprotocol/sdk';
import { removeFolder, tempFolder, until } from '@ai-cli-companion/node-base/test-support';
import { silentLogger } from './agent-logger';
import { SessionHandlers } from './session-routes';
import { WorkspaceAgent } from './workspace-agent';
import { WorkspaceAgentOptions } from './workspace-agent-options';

/** An ACP agent written for the tests (test/support): --hang never answers a method, --hold answers it once a flag file exists. */
const SESSION_AGENT = path.resolve(__dirname, '../../../test/support/session-acp-agent.mjs');

/** MCP servers of the user's settings; the agent is handed them in session/new (gemini connects them before it answers). */
const STUCK: acp.McpServer = { name: 'never-answers', command: '/bin/cat', args: [], env: [] };
const REMOTE: acp.McpServer = { type: 'http', name: 'remote-notes', url: 'http://127.0.0.1:9/mcp', headers: [] };

const handlers = (): SessionHandlers => ({ onUpdate: () => undefined, onPermission: async () => ({ outcome: { outcome: 'cancelled' } }) });

describe('WorkspaceAgent: an agent that does not finish starting a session (issue 29 part 11)', () => {
    let root: string;
    let log: string;
    const agents: WorkspaceAgent[] = [];

    function engine(args: string[], options: Partial<WorkspaceAgentOptions> = {}): WorkspaceAgent {
        const agent = new WorkspaceAgent({
            workspace: root, logger: silentLogger, scrub: text => text, environment: async () => process.env, sessionStartTimeoutMs: 300, ...options,
            profile: { id: 'session', displayName: 'Session agent', command: process.execPath,
                args: [SESSION_AGENT, '--store', path.join(root, 'store'), '--log', log, ...args] }
        });
        agents.push(agent);
        return agent;
    }
    const sent = () => fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : [];

    beforeEach(() => {
        root = tempFolder('acp-start-bound-', { real: true });
        log = path.join(root, 'sent.log');
    });

    afterEach(async () => {
        await Promise.all(agents.splice(0).map(agent => agent.stop()));
        removeFolder(root);
    });

    it('a session/new that never answers fails at the bound, naming the MCP servers the agent was connecting', async () => {
        const agent = engine(['--hang', 'session/new']);
        const error = await agent.openSession(handlers(), root, [STUCK, REMOTE]).then(() => undefined, (failure: unknown) => failure);
        assert.ok(error, 'the start failed instead of hanging');
        const { message, code } = agent.describe(error);
        assert.equal(message, 'Session agent did not finish starting within 300 ms; it was connecting the MCP servers "never-answers", "remote-notes" (session/new): check that they answer.');
        assert.equal(code, 'AGENT_ERROR');
        assert.equal(agent.current?.isAlive, true, 'the agent process (shared with the workspace\'s other chats) keeps running');
    });

    it('without MCP servers, the error says which request went unanswered', async () => {
        const agent = engine(['--hang', 'session/new']);
        await assert.rejects(agent.openSession(handlers()), /^Error: Session agent did not answer session\/new within 300 ms\.$/);
    });

    it('a session the agent opens after the bound is closed, not left open in it', async () => {
        const flag = path.join(root, 'answer-now');
        const agent = engine(['--hold', 'session/new', flag]);
        await assert.rejects(agent.openSession(handlers(), root, [STUCK]), /"never-answers"/);
        fs.writeFileSync(flag, '');
        await until(() => sent().includes('session/close'), 'the late session closed');
        assert.deepEqual(sent(), ['initialize', 'session/new', 'session/close']);
    });

    it('a session/load that never answers names the MCP servers too, then starts the session fresh', async () => {
        const agent = engine(['--hang', 'session/load', '--caps', 'load'], { attachTimeoutMs: 300, sessionStartTimeoutMs: undefined });
        const attached = await agent.attachSession(handlers(), { sessionId: 's-earlier', cwd: root, mcpServers: [STUCK] });
        assert.equal(attached.how, 'new');
        assert.match(attached.reason!, /no longer knows this session \(Session agent did not finish starting within 300 ms; it was connecting the MCP server "never-answers" \(session\/load\): check that it answers\.\)/);
    });
});
