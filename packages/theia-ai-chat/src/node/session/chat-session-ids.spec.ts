import * as assert from 'assert';
import { promises as fs } from 'fs';
import * as path from 'path';
import { Container } from '@theia/core/shared/inversify';
import type { AttachRequest, SessionHandlers } from '@ai-cli-companion/acp-client';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { AcpChatAgentConfig, AcpSessionInfo, AcpShownMessage, AcpTurnErrorData } from '../../common/acp-chat-protocol';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { AcpApiKeys } from '../auth/api-keys';
import { AcpChatTerminals } from '../tool-calls/chat-terminals';
import { AcpChatServiceImpl } from './chat-service-impl';
import { AcpChatSessionIds } from './chat-session-ids';

const agent = { id: 'QwenCode', displayName: 'Qwen Code', command: 'qwen', args: ['--acp'] } as AcpChatAgentConfig;

/** An agent host as the engine's WorkspaceAgent answers; `attach` decides how a remembered session continues. */
class FakeHost {
    readonly attached: AttachRequest[] = [];
    readonly closed: string[] = [];
    readonly open = new Set<string>();
    opened = 0;
    attach: (request: AttachRequest) => { how: 'resumed' | 'loaded' | 'new'; sessionId?: string; reason?: string; replay?: unknown[] } = () => ({ how: 'resumed' });
    readonly agent = { initializeResult: {} };
    readonly profile = { id: agent.id, displayName: agent.displayName, command: agent.command, args: agent.args };
    readonly isStarting = false;
    onStartOutput(): () => void {
        return () => undefined;
    }

    async openSession(_handlers: SessionHandlers): Promise<unknown> {
        const sessionId = `new-${++this.opened}`;
        this.open.add(sessionId);
        return { sessionId, state: { sessionId }, agent: this.agent };
    }
    async attachSession(_handlers: SessionHandlers, request: AttachRequest): Promise<unknown> {
        this.attached.push(request);
        const answer = this.attach(request);
        const sessionId = answer.how === 'new' ? `new-${++this.opened}` : request.sessionId;
        this.open.add(sessionId);
        return { ...answer, sessionId, state: { sessionId }, agent: this.agent };
    }
    hasSession(sessionId: string): boolean {
        return this.open.has(sessionId);
    }
    readonly states = { configOptionsOf: () => undefined, usageOf: () => undefined, commandsOf: () => undefined };
    async closeSession(sessionId: string): Promise<boolean> {
        this.closed.push(sessionId);
        return this.open.delete(sessionId);
    }
    crash(): void {
        this.open.clear();
    }
}

/** A chat service of one window, as a (re)started backend makes it: the store reads `file`. */
function service(host: FakeHost, file: string): AcpChatServiceImpl {
    const container = new Container();
    container.bind(AcpAgentHosts).toConstantValue({ agentFor: () => host, mcpServersFor: async () => [] } as unknown as AcpAgentHosts);
    container.bind(AcpChatTerminals).toConstantValue({ handlersFor: () => ({}), release: () => undefined } as unknown as AcpChatTerminals);
    container.bind(AcpApiKeys).toConstantValue({} as AcpApiKeys);
    container.bind(AcpChatSessionIds).toConstantValue(new AcpChatSessionIds(file));
    container.bind(AcpChatServiceImpl).toSelf();
    return container.get(AcpChatServiceImpl);
}

function info(result: AcpSessionInfo | { error: AcpTurnErrorData }): AcpSessionInfo {
    assert.ok(!('error' in result), JSON.stringify(result));
    return result as AcpSessionInfo;
}

describe('the chat remembers its ACP sessions (issue 23 part 1)', () => {
    let dir: string;
    let file: string;
    beforeEach(async () => {
        dir = tempFolder('acp-session-ids-');
        file = path.join(dir, 'config', 'acp-chat-sessions.json');
    });
    afterEach(() => removeFolder(dir));

    it('keeps the session id and folder per chat and agent in a file another store (a restarted backend) reads', async () => {
        const store = new AcpChatSessionIds(file);
        await store.set('chat-1', 'QwenCode', { sessionId: 's1', cwd: '/w' });
        await store.set('chat-1', 'GeminiCLI', { sessionId: 'g1', cwd: '/w' });
        const after = new AcpChatSessionIds(async () => file);
        assert.deepStrictEqual({ ...await after.get('chat-1', 'QwenCode'), updatedAt: 0 }, { sessionId: 's1', cwd: '/w', updatedAt: 0 });
        assert.deepStrictEqual((await after.delete('chat-1')).map(entry => entry.agentId).sort(), ['GeminiCLI', 'QwenCode']);
        assert.strictEqual(await new AcpChatSessionIds(file).get('chat-1', 'QwenCode'), undefined);
        assert.strictEqual((await fs.stat(file)).mode & 0o777, 0o600);
    });

    it('reads a damaged file as empty and keeps the well-formed entries of a hand-edited one', async () => {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, '{"chat-1": {"QwenCode": {"sessionId": "s1", "cwd": "/w"}, "Odd": {"sessionId": 3}}, "chat-2": 7}');
        const store = new AcpChatSessionIds(file);
        assert.strictEqual((await store.get('chat-1', 'QwenCode'))?.sessionId, 's1');
        assert.strictEqual(await store.get('chat-1', 'Odd'), undefined);
        await fs.writeFile(file, '{"chat-1": {"Qwen');
        assert.strictEqual(await new AcpChatSessionIds(file).get('chat-1', 'QwenCode'), undefined);
    });

    it('after a restart, the first prompt of a restored chat resumes the session it had instead of opening a new one', async () => {
        const before = new FakeHost();
        const opened = info(await service(before, file).prepare('chat-1', agent, ['/w']));
        assert.strictEqual(opened.attached, undefined);
        const restarted = new FakeHost();
        const resumed = info(await service(restarted, file).prepare('chat-1', agent, ['/w']));
        assert.deepStrictEqual(restarted.attached.map(request => [request.sessionId, request.cwd]), [[opened.sessionId, '/w']]);
        assert.strictEqual(restarted.opened, 0);
        assert.deepStrictEqual(resumed.attached, { how: 'resumed' });
        assert.strictEqual(resumed.sessionId, opened.sessionId);
    });

    it('after the agent crashed, the next prepare continues the same session', async () => {
        const host = new FakeHost();
        const chat = service(host, file);
        const opened = info(await chat.prepare('chat-1', agent, ['/w']));
        host.crash();
        const again = info(await chat.prepare('chat-1', agent, ['/w']));
        assert.deepStrictEqual(host.attached.map(request => request.sessionId), [opened.sessionId]);
        assert.strictEqual(again.sessionId, opened.sessionId);
    });

    it('a session the agent cannot continue starts fresh with the reason, and the fresh id is remembered', async () => {
        info(await service(new FakeHost(), file).prepare('chat-1', agent, ['/w']));
        const restarted = new FakeHost();
        restarted.attach = () => ({ how: 'new', reason: 'Gemini CLI cannot resume sessions: this conversation starts fresh.' });
        const fresh = info(await service(restarted, file).prepare('chat-1', agent, ['/w']));
        assert.deepStrictEqual(fresh.attached, { how: 'new', reason: 'Gemini CLI cannot resume sessions: this conversation starts fresh.' });
        assert.strictEqual((await new AcpChatSessionIds(file).get('chat-1', agent.id))?.sessionId, fresh.sessionId);
    });

    it('a session/load replay adds only what the chat does not show yet', async () => {
        info(await service(new FakeHost(), file).prepare('chat-1', agent, ['/w']));
        const restarted = new FakeHost();
        const text = (kind: string, value: string): unknown => ({ sessionUpdate: kind, content: { type: 'text', text: value } });
        restarted.attach = () => ({
            how: 'loaded', replay: [
                text('user_message_chunk', 'remember 42'), text('agent_message_chunk', 'I will remember 42.'),
                text('user_message_chunk', 'and 43'), text('agent_message_chunk', 'Noted: 43.')
            ]
        });
        const shown: AcpShownMessage[] = [{ role: 'user', text: '@QwenCode remember 42' }, { role: 'agent', text: 'I will remember 42.' }];
        const loaded = info(await service(restarted, file).prepare('chat-1', agent, ['/w'], shown));
        assert.deepStrictEqual(loaded.attached, { how: 'loaded' });
        assert.deepStrictEqual(loaded.replay?.map(update => (update.content as { text: string }).text), ['and 43', 'Noted: 43.']);
        // Everything already shown: nothing to add.
        const all = new FakeHost();
        all.attach = restarted.attach;
        const shownAll = [...shown, { role: 'user' as const, text: 'and 43' }, { role: 'agent' as const, text: 'Noted: 43.' }];
        assert.strictEqual(info(await service(all, file).prepare('chat-1', agent, ['/w'], shownAll)).replay, undefined);
    });

    it('deleting the chat closes its sessions and forgets them: no later prompt reattaches them', async () => {
        const host = new FakeHost();
        const chat = service(host, file);
        const opened = info(await chat.prepare('chat-1', agent, ['/w']));
        await chat.closeChatSession('chat-1');
        assert.deepStrictEqual(host.closed, [opened.sessionId]);
        const restarted = new FakeHost();
        info(await service(restarted, file).prepare('chat-1', agent, ['/w']));
        assert.deepStrictEqual(restarted.attached, []);
        assert.strictEqual(restarted.opened, 1);
    });
});
