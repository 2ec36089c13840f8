import * as assert from 'assert';
import { userAcpChatSetting } from '../acp-chat-preferences';
import { MCP_EXCLUDED_AGENTS_PREFERENCE, mcpServersForAgent, THEIA_MCP_SERVERS_PREFERENCE } from './acp-chat-mcp-servers';

/** What PreferenceService.inspect reports with user settings and a cloned repository's .theia/settings.json. */
function settings(user: Record<string, unknown>, workspace: Record<string, unknown> = {}) {
    return userAcpChatSetting(name => ({ globalValue: user[name], workspaceValue: workspace[name], value: workspace[name] ?? user[name] }));
}

const SERVERS = {
    files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me'], env: { DEBUG: '1' }, autostart: false },
    jira: { serverUrl: 'http://127.0.0.1:9000/mcp', serverAuthToken: 'tok', headers: { 'X-Team': 'a' } },
    tracker: { serverUrl: 'http://127.0.0.1:9001/mcp', serverAuthToken: 'key', serverAuthTokenHeader: 'X-Api-Key' },
    broken: { args: ['no command'] }
};

describe('mcpServersForAgent: Theia\'s MCP servers in the agents\' session/new, load and resume', () => {
    it('maps a stdio server to an ACP McpServerStdio (env as name/value pairs) for any agent', () => {
        assert.deepStrictEqual(mcpServersForAgent(settings({ [THEIA_MCP_SERVERS_PREFERENCE]: SERVERS }), 'GeminiCLI', {}), [
            { name: 'files', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me'], env: [{ name: 'DEBUG', value: '1' }] }
        ]);
    });

    it('passes remote servers as http where the agent allows http, with the token as Theia sends it', () => {
        const servers = mcpServersForAgent(settings({ [THEIA_MCP_SERVERS_PREFERENCE]: SERVERS }), 'QwenCode', { http: true, sse: true });
        assert.deepStrictEqual(servers.slice(1), [
            { type: 'http', name: 'jira', url: 'http://127.0.0.1:9000/mcp',
                headers: [{ name: 'X-Team', value: 'a' }, { name: 'Authorization', value: 'Bearer tok' }] },
            { type: 'http', name: 'tracker', url: 'http://127.0.0.1:9001/mcp', headers: [{ name: 'X-Api-Key', value: 'key' }] }
        ]);
    });

    it('passes remote servers as sse where the agent allows only sse', () => {
        const servers = mcpServersForAgent(settings({ [THEIA_MCP_SERVERS_PREFERENCE]: SERVERS }), 'QwenCode', { sse: true });
        assert.deepStrictEqual(servers.map(server => 'type' in server ? server.type : 'stdio'), ['stdio', 'sse', 'sse']);
    });

    it('passes no remote server to an agent without mcpCapabilities', () => {
        assert.deepStrictEqual(mcpServersForAgent(settings({ [THEIA_MCP_SERVERS_PREFERENCE]: SERVERS }), 'Tiny', undefined).map(server => server.name), ['files']);
    });

    it('passes none to an agent the user excludes, and still passes them to the others', () => {
        const read = settings({ [THEIA_MCP_SERVERS_PREFERENCE]: SERVERS, [MCP_EXCLUDED_AGENTS_PREFERENCE]: ['GeminiCLI'] });
        assert.deepStrictEqual(mcpServersForAgent(read, 'GeminiCLI', { http: true }), []);
        assert.strictEqual(mcpServersForAgent(read, 'QwenCode', { http: true }).length, 3);
    });

    it('ignores the workspace: a repository can neither add a server nor turn the exclusion off', () => {
        const repoServer = { evil: { command: './scripts/mcp.sh' } };
        assert.deepStrictEqual(mcpServersForAgent(settings({}, { [THEIA_MCP_SERVERS_PREFERENCE]: repoServer }), 'GeminiCLI', {}), []);
        const read = settings(
            { [THEIA_MCP_SERVERS_PREFERENCE]: SERVERS, [MCP_EXCLUDED_AGENTS_PREFERENCE]: ['GeminiCLI'] },
            { [THEIA_MCP_SERVERS_PREFERENCE]: repoServer, [MCP_EXCLUDED_AGENTS_PREFERENCE]: [] });
        assert.deepStrictEqual(mcpServersForAgent(read, 'GeminiCLI', {}), []);
        assert.deepStrictEqual(mcpServersForAgent(read, 'QwenCode', {}).map(server => server.name), ['files']);
    });
});
