import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { AcpChatAgentConfig, AcpChatClient } from '../../common/acp-chat-protocol';
import { AcpAgentStartProgress } from '../../common/agents/agent-start-progress';
import { AcpAgentHosts } from './agent-hosts';
import { AcpChatServiceImpl } from '../session/chat-service-impl';
import { specChatBackend } from '../../test/chat-backend';

const TINY_AGENT = path.resolve(__dirname, '../../../../../test/support/tiny-acp-agent.mjs');

describe('The chat\'s backend says an agent is starting, and what its start prints, until prepare returns (issue 25 part 2)', () => {
    let workspace: string;
    let hosts: AcpAgentHosts;
    let service: AcpChatServiceImpl;
    let agent: AcpChatAgentConfig;
    const heard: Array<{ chatSessionId: string; agentId: string; progress: AcpAgentStartProgress }> = [];

    beforeEach(() => {
        workspace = tempFolder('acp-chat-start-', { real: true });
        // An npx-shaped launch: a runner that talks on stderr (as npm does while it fetches) before the agent answers.
        // The pause stands for npm's fetch: without it, on a loaded machine the backend could read the agent's first
        // answer (stdout) in the same turn of the event loop as these lines (stderr), and take it first.
        const bin = path.join(workspace, 'bin');
        fs.mkdirSync(bin);
        fs.writeFileSync(path.join(bin, 'npx'), '#!/bin/sh\nprintf "npm warn deprecated glob@7.2.3: old\\n" >&2\n' +
            `printf "npm notice fetched %s\\n" "$2" >&2\nsleep 0.3\nexec "${process.execPath}" "${TINY_AGENT}"\n`, { mode: 0o755 });
        agent = { id: 'NpxAgent', displayName: 'Npx Agent', command: path.join(bin, 'npx'), args: ['-y', '@example/agent@1.2.3', '--acp'] };
        ({ hosts, service } = specChatBackend({ userAgent: () => agent }));
        heard.length = 0;
        service.setClient({
            onSessionUpdate: () => undefined,
            onSessionUpdates: () => undefined,
            onAgentStarting: (chatSessionId: string, agentId: string, progress: AcpAgentStartProgress) => heard.push({ chatSessionId, agentId, progress })
        } as Partial<AcpChatClient> as AcpChatClient);
    });

    afterEach(async () => {
        await hosts?.stopAll();
        removeFolder(workspace);
    });

    it('the first prepare names the package npm fetches, then the last line npm printed; prepare for a running agent says nothing', async () => {
        const prepared = await service.prepare('chat-1', agent, [workspace]);
        assert.ok(!('error' in prepared), JSON.stringify(prepared));
        const message = 'Starting Npx Agent: npm fetches @example/agent@1.2.3 on first use…';
        assert.deepStrictEqual(heard[0], { chatSessionId: 'chat-1', agentId: 'NpxAgent', progress: { message } });
        assert.deepStrictEqual(heard.at(-1)!.progress, { message, output: 'npm notice fetched @example/agent@1.2.3' }, JSON.stringify(heard));
        assert.ok(heard.every(each => each.chatSessionId === 'chat-1' && each.progress.message === message));
        const count = heard.length;
        const other = await service.prepare('chat-2', agent, [workspace]);
        assert.ok(!('error' in other), JSON.stringify(other));
        assert.equal(heard.length, count, 'the agent was running: no start line for the second chat');
    });

    it('an agent that fails to start also had its start line (the failure follows in the answer)', async () => {
        agent = { ...agent, command: path.join(workspace, 'bin', 'no-such-runner') };
        const prepared = await service.prepare('chat-1', agent, [workspace]);
        assert.ok('error' in prepared);
        assert.deepStrictEqual(heard.map(each => each.progress.message), ['Starting Npx Agent…']);
    });
});
