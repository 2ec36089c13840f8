import * as assert from 'assert';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { AcpChatAgentConfig, AcpChatClient, AcpConfigOptionData, AcpSessionInfo, AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { AcpChatServiceImpl } from './chat-service-impl';
import { specChatBackend } from '../../test/chat-backend';

const SESSION_AGENT = path.resolve(__dirname, '../../../../../test/support/session-acp-agent.mjs');

const values = (options: AcpConfigOptionData[] | undefined) => options?.map(option => `${String(option.id)}=${String(option.currentValue)}`);

describe('The chat\'s backend and a real ACP agent\'s configOptions and usage (the session agent of the tests, issue 23 parts 4 and 5)', () => {
    let workspace: string;
    let store: string;
    let hosts: AcpAgentHosts;
    let service: AcpChatServiceImpl;
    const updates: AcpSessionUpdate[] = [];
    const agent = (): AcpChatAgentConfig => ({ id: 'SessionAgent', displayName: 'Session agent', command: process.execPath, args: [SESSION_AGENT, '--store', store] });

    async function prepare(): Promise<AcpSessionInfo> {
        const prepared = await service.prepare('chat-1', agent(), [workspace]);
        assert.ok(!('error' in prepared), JSON.stringify(prepared));
        return prepared;
    }

    beforeEach(() => {
        workspace = tempFolder('acp-chat-config-', { real: true });
        store = path.join(workspace, '.sessions');
        ({ hosts, service } = specChatBackend({ userAgent: agent }));
        updates.length = 0;
        // Both shapes of the client: one update a call, or a batch.
        service.setClient({
            onSessionUpdate: (_chat: string, _agent: string, update: AcpSessionUpdate) => updates.push(update),
            onSessionUpdates: (_chat: string, _agent: string, batch: AcpSessionUpdate[]) => updates.push(...batch)
        } as Partial<AcpChatClient> as AcpChatClient);
    });

    afterEach(async () => {
        await hosts?.stopAll();
        removeFolder(workspace);
    });

    it('prepare answers the session\'s configOptions, with the boolean option the chat declares it shows', async () => {
        const prepared = await prepare();
        assert.deepStrictEqual(values(prepared.configOptions), ['model=small', 'mode=ask', 'brief=false']);
    });

    it('setConfigOption sends session/set_config_option; its answer is the whole new set, which a later prepare also gives', async () => {
        await prepare();
        const answer = await service.setConfigOption('chat-1', 'SessionAgent', 'model', 'big');
        assert.ok(!('error' in answer), JSON.stringify(answer));
        assert.deepStrictEqual(values(answer.configOptions), ['model=big', 'mode=ask', 'thought_level=low', 'brief=false']);
        const thinking = await service.setConfigOption('chat-1', 'SessionAgent', 'thought_level', 'high');
        assert.ok(!('error' in thinking));
        const brief = await service.setConfigOption('chat-1', 'SessionAgent', 'brief', true);
        assert.ok(!('error' in brief));
        assert.deepStrictEqual(values((await prepare()).configOptions), ['model=big', 'mode=ask', 'thought_level=high', 'brief=true']);
    });

    it('a choice the agent refuses, or one for a session that is gone, is an error as data', async () => {
        await prepare();
        const refused = await service.setConfigOption('chat-1', 'SessionAgent', 'model', 'huge');
        assert.ok('error' in refused && /No such choice/.test(refused.error.message), JSON.stringify(refused));
        const nonsense = await service.setConfigOption('chat-1', 'SessionAgent', 'model', { not: 'a value' } as unknown as string);
        assert.ok('error' in nonsense && nonsense.error.code === 'INVALID_REQUEST');
        const gone = await service.setConfigOption('chat-2', 'SessionAgent', 'model', 'big');
        assert.ok('error' in gone && gone.error.code === 'NO_SESSION');
    });

    it('config_option_update and usage_update reach the window; a later prepare carries the set and the last usage', async () => {
        await prepare();
        await service.prompt('chat-1', 'SessionAgent', [{ type: 'text', text: 'config' }]);
        await service.prompt('chat-1', 'SessionAgent', [{ type: 'text', text: 'usage' }]);
        const update = updates.find(candidate => candidate.sessionUpdate === 'config_option_update');
        assert.deepStrictEqual(values(update?.configOptions as AcpConfigOptionData[]), ['model=small', 'mode=code', 'brief=false']);
        assert.ok(updates.some(candidate => candidate.sessionUpdate === 'usage_update' && candidate.used === 53_000));
        const again = await prepare();
        assert.deepStrictEqual(values(again.configOptions), ['model=small', 'mode=code', 'brief=false']);
        assert.deepStrictEqual(again.usage, { used: 53_000, size: 200_000, cost: { amount: 0.12, currency: 'USD' } });
    });
});
