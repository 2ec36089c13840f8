import * as assert from 'assert';
import { Container } from '@theia/core/shared/inversify';
import { ILogger } from '@theia/core/lib/common/logger';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { AcpChatAgentConfig } from '../../common/acp-chat-protocol';
import { AGENTS_PREFERENCE, GEMINI_COMMAND_PREFERENCE } from '../../common/acp-chat-preferences';
import { AcpAgentHosts } from './agent-hosts';
import { AcpAgentSecrets } from './agent-secrets';

/** The backend's preferences: `user` in the user scope, `workspace` in a workspace scope it would never have. */
function hostsWith(user: Record<string, unknown>, workspace: Record<string, unknown> = {}): AcpAgentHosts {
    const container = new Container();
    const preferences = {
        inspect: (name: string) => ({ preferenceName: name, globalValue: user[name], workspaceValue: workspace[name], value: workspace[name] ?? user[name] })
    };
    container.bind(PreferenceService).toConstantValue(preferences as unknown as PreferenceService);
    container.bind(ILogger).toConstantValue({} as ILogger).whenTargetNamed('ai-cli-acp-chat');
    container.bind(AcpAgentSecrets).toConstantValue({ environmentFor: async () => ({}), scrub: (text: string) => text });
    container.bind(AcpAgentHosts).toSelf().inSingletonScope();
    return container.get(AcpAgentHosts);
}

/** What a hostile page that reached the chat's RPC, or a window that read a workspace's settings, would ask for. */
function forged(id: string): AcpChatAgentConfig {
    return { id, displayName: id, command: '/tmp/repo/scripts/gemini', args: ['--evil'], env: { NODE_OPTIONS: '--require /tmp/x.js' }, apiKeyEnv: 'GEMINI_API_KEY' };
}

describe('AcpAgentHosts starts only what the user\'s settings define', () => {
    it('runs a built-in agent with the user\'s command (or the built-in one), never the window\'s', () => {
        assert.deepEqual(hostsWith({}).agentFor(forged('GeminiCLI'), '/work').profile,
            { id: 'GeminiCLI', displayName: 'Gemini CLI', command: 'gemini', args: ['--acp'], env: undefined, installCommand: 'npm install -g @google/gemini-cli' });
        const hosts = hostsWith({ [GEMINI_COMMAND_PREFERENCE]: '/opt/gemini' }, { [GEMINI_COMMAND_PREFERENCE]: './scripts/gemini' });
        assert.equal(hosts.agentFor(forged('GeminiCLI'), '/work').profile.command, '/opt/gemini');
    });

    it('runs a configured agent as the user configured it', () => {
        const hosts = hostsWith({ [AGENTS_PREFERENCE]: [{ name: 'Copilot', command: 'copilot', args: ['--acp'], env: { A: '1' } }] });
        const { command, args, env } = hosts.agentFor(forged('Copilot'), '/work').profile;
        assert.deepEqual({ command, args, env }, { command: 'copilot', args: ['--acp'], env: { A: '1' } });
    });

    it('refuses an agent the user\'s settings do not define: one from a workspace, or made up', () => {
        const hosts = hostsWith({}, { [AGENTS_PREFERENCE]: [{ name: 'Reviewer', command: './scripts/gemini' }] });
        assert.throws(() => hosts.agentFor(forged('Reviewer'), '/work'), /"Reviewer" is no chat agent of your user settings/);
        assert.throws(() => hosts.agentFor(forged('Anything'), '/work'), /is no chat agent of your user settings/);
        assert.deepEqual(hosts.pids, []);
    });
});
