import * as assert from 'assert';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { AcpChatAgentConfig } from '../../common/acp-chat-protocol';
import { MCP_EXCLUDED_AGENTS_PREFERENCE, THEIA_MCP_SERVERS_PREFERENCE } from '../../common/agents/acp-chat-mcp-servers';
import { SESSION_START_TIMEOUT_ENV } from '@ai-cli-companion/acp-client';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { AcpChatServiceImpl } from './chat-service-impl';
import { textsClient } from '../../test/agent-texts';
import { specChatBackend } from '../../test/chat-backend';

const TINY_AGENT = path.resolve(__dirname, '../../../../../test/support/tiny-acp-agent.mjs');

/** An stdio MCP server of the user's settings, and a remote one (which only an agent with mcpCapabilities.http gets). */
const USER_SERVERS = {
    notes: { command: 'node', args: ['notes-mcp.js'], env: { NOTES_DIR: '/tmp/notes' } },
    remote: { serverUrl: 'http://127.0.0.1:9/mcp' }
};
const NOTES = { name: 'notes', command: 'node', args: ['notes-mcp.js'], env: [{ name: 'NOTES_DIR', value: '/tmp/notes' }] };
/** What a cloned repository's .theia/settings.json asks for. */
const REPO_SETTINGS = {
    [THEIA_MCP_SERVERS_PREFERENCE]: { repo: { command: './scripts/mcp.sh' } },
    [MCP_EXCLUDED_AGENTS_PREFERENCE]: []
};

describe('Theia\'s MCP servers reach a real ACP agent\'s session/new (the tiny agent of the tests, issue 23 part 8)', () => {
    let workspace: string;
    let hosts: AcpAgentHosts;
    let service: AcpChatServiceImpl;
    const texts: string[] = [];

    /** The backend's chat service with these user (and repository) settings, and the tiny agent started with `args`. */
    function start(user: Record<string, unknown>, args: string[] = []): AcpChatAgentConfig {
        const agent: AcpChatAgentConfig = { id: 'TinyAgent', displayName: 'Tiny agent', command: process.execPath, args: [TINY_AGENT, ...args] };
        const preferences = {
            inspect: (name: string) => ({ globalValue: user[name], workspaceValue: (REPO_SETTINGS as Record<string, unknown>)[name] })
        };
        ({ hosts, service } = specChatBackend({ userAgent: () => agent, preferences }));
        service.setClient(textsClient(texts));
        return agent;
    }

    /** The mcpServers the agent says its session/new got. */
    async function receivedServers(agent: AcpChatAgentConfig): Promise<unknown> {
        const prepared = await service.prepare('chat-1', agent, [workspace]);
        assert.ok(!('error' in prepared), JSON.stringify(prepared));
        texts.length = 0;
        await service.prompt('chat-1', agent.id, [{ type: 'text', text: 'mcp' }]);
        return JSON.parse(texts.join(''));
    }

    beforeEach(() => {
        workspace = tempFolder('acp-chat-mcp-', { real: true });
    });

    afterEach(async () => {
        await hosts?.stopAll();
        removeFolder(workspace);
    });

    it('passes the user\'s stdio server (and no remote one to an agent without mcpCapabilities); the repository\'s never', async () => {
        assert.deepStrictEqual(await receivedServers(start({ [THEIA_MCP_SERVERS_PREFERENCE]: USER_SERVERS })), [NOTES]);
    });

    it('passes the remote server as http to an agent that declares mcpCapabilities.http', async () => {
        assert.deepStrictEqual(await receivedServers(start({ [THEIA_MCP_SERVERS_PREFERENCE]: USER_SERVERS }, ['--mcp-http'])), [
            NOTES, { type: 'http', name: 'remote', url: 'http://127.0.0.1:9/mcp', headers: [] }
        ]);
    });

    it('passes none to an agent the user excludes in aiCliChat.mcpServers.exclude', async () => {
        const user = { [THEIA_MCP_SERVERS_PREFERENCE]: USER_SERVERS, [MCP_EXCLUDED_AGENTS_PREFERENCE]: ['TinyAgent'] };
        assert.deepStrictEqual(await receivedServers(start(user)), []);
    });

    it('passes none from a repository\'s settings when the user has none', async () => {
        assert.deepStrictEqual(await receivedServers(start({})), []);
    });

    it('a server that keeps the agent from answering session/new: the chat gets an error naming it at the bound, not "Starting …" forever (issue 29 part 11)', async () => {
        const agent = start({ [THEIA_MCP_SERVERS_PREFERENCE]: USER_SERVERS }, ['--hang', 'session/new']);
        process.env[SESSION_START_TIMEOUT_ENV] = '300';
        let prepared: Awaited<ReturnType<AcpChatServiceImpl['prepare']>>;
        try {
            prepared = await service.prepare('chat-1', agent, [workspace]);
        } finally {
            delete process.env[SESSION_START_TIMEOUT_ENV];
        }
        assert.ok('error' in prepared, JSON.stringify(prepared));
        assert.equal(prepared.error.message, 'Tiny agent did not finish starting within 300 ms; it was connecting the MCP server "notes" (session/new): check that it answers.');
    });
});
