import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { descendantsOf } from '@ai-cli-companion/acp-client';
import { removeFolder, tempFolder, until } from '@ai-cli-companion/node-base/test-support';
import { AcpChatAgentConfig } from '../../common/acp-chat-protocol';
import { AcpTerminalOutput } from '../../common/tool-calls/terminal-output';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { AcpChatServiceImpl } from '../session/chat-service-impl';
import { AcpChatTerminals, terminalCwd } from './chat-terminals';
import { AcpTerminalRelay, TERMINAL_DISPLAY_LIMIT } from './terminal-relay';
import { textsClient } from '../../test/agent-texts';
import { specChatBackend } from '../../test/chat-backend';

const TINY_AGENT = path.resolve(__dirname, '../../../../../test/support/tiny-acp-agent.mjs');

function isAlive(pid: number): boolean {
    try {
        process.kill(pid, 0);
        return true;
    } catch {
        return false;
    }
}

describe('terminalCwd (where an agent\'s terminal/create may run)', () => {
    let root: string;
    let workspace: string;

    beforeEach(() => {
        root = tempFolder('acp-cwd-', { real: true });
        workspace = path.join(root, 'ws');
        fs.mkdirSync(path.join(workspace, 'sub'), { recursive: true });
        fs.mkdirSync(path.join(root, 'outside'));
        fs.symlinkSync(path.join(root, 'outside'), path.join(workspace, 'escape'));
    });

    afterEach(() => removeFolder(root));

    it('defaults to the session\'s root and accepts a folder inside the workspace', () => {
        assert.equal(terminalCwd(undefined, [workspace]), workspace);
        assert.equal(terminalCwd(path.join(workspace, 'sub'), [workspace]), path.join(workspace, 'sub'));
    });

    it('refuses a folder outside the workspace, also through `..` or a symlink, with a JSON-RPC invalid-params error', () => {
        for (const cwd of [path.join(root, 'outside'), path.join(workspace, '..', 'outside'), path.join(workspace, 'escape'), '/']) {
            assert.throws(() => terminalCwd(cwd, [workspace]),
                (error: Error & { code: number }) => error.code === -32602 && /outside the workspace/.test(error.message), cwd);
        }
    });

    it('refuses a relative path, a missing folder, a file, and any cwd when no folder is open', () => {
        fs.writeFileSync(path.join(workspace, 'file.txt'), '');
        assert.throws(() => terminalCwd('sub', [workspace]), /not an absolute path/);
        assert.throws(() => terminalCwd(path.join(workspace, 'missing'), [workspace]), /not an existing folder/);
        assert.throws(() => terminalCwd(path.join(workspace, 'file.txt'), [workspace]), /not an existing folder/);
        assert.throws(() => terminalCwd(undefined, []), /no workspace folder is open/);
    });
});

describe('AcpTerminalRelay (terminal output pushed to the window, batched and bounded)', () => {
    it('pushes the command at once, batches what arrives in one interval, and ends with the rest and the exit', async () => {
        const pushes: AcpTerminalOutput[] = [];
        const relay = new AcpTerminalRelay('t1', 'make test', output => pushes.push(output), 10);
        assert.deepEqual(pushes, [{ terminalId: 't1', command: 'make test', text: '' }]);
        for (let line = 0; line < 1000; line++) {
            relay.onOutput(Buffer.from(`line ${line}\n`));
        }
        relay.onExit({ exitCode: 2, signal: null });
        assert.equal(pushes.length, 2, 'a thousand chunks in one interval make one push');
        assert.equal(pushes[1].text.split('\n').length, 1001);
        assert.deepEqual(pushes[1].exitStatus, { exitCode: 2, signal: null });
        relay.onOutput(Buffer.from('late'));
        relay.onExit({ exitCode: 2, signal: null });
        assert.equal(pushes.length, 2, 'nothing after the exit');
    });

    it('a flood sends only what the window keeps, marked as a reset, and never half a character', () => {
        const pushes: AcpTerminalOutput[] = [];
        const relay = new AcpTerminalRelay('t1', 'yes', output => pushes.push(output), 10);
        const euro = Buffer.from('€');
        relay.onOutput(Buffer.alloc(3 * TERMINAL_DISPLAY_LIMIT, 'y'));
        relay.onOutput(euro.subarray(0, 1));
        relay.onOutput(euro.subarray(1));
        relay.onExit({ exitCode: null, signal: 'SIGKILL' });
        const last = pushes[pushes.length - 1];
        assert.equal(last.reset, true);
        assert.equal(last.text.length, TERMINAL_DISPLAY_LIMIT);
        assert.ok(last.text.endsWith('y€'));
    });
});

describe('AcpChatServiceImpl terminals with a real ACP agent (the tiny agent of the tests)', () => {
    let workspace: string;
    let hosts: AcpAgentHosts;
    let terminals: AcpChatTerminals;
    let service: AcpChatServiceImpl;
    const outputs: AcpTerminalOutput[] = [];
    const texts: string[] = [];
    const agent: AcpChatAgentConfig = { id: 'TinyAgent', displayName: 'Tiny agent', command: process.execPath, args: [TINY_AGENT] };

    beforeEach(() => {
        workspace = tempFolder('acp-chat-terminals-', { real: true });
        fs.writeFileSync(path.join(workspace, 'long.sh'), 'echo started\nsleep 600 &\nwait\n');
        // The agent has no apiKeyEnv, so the key store is never asked; it stands for one of the user's settings.
        terminals = new AcpChatTerminals();
        ({ hosts, service } = specChatBackend({ userAgent: () => agent, terminals }));
        outputs.length = 0;
        texts.length = 0;
        service.setClient(textsClient(texts, { onTerminalOutput: (_chat, output) => outputs.push(output) }));
    });

    afterEach(async () => {
        terminals.onStop();
        await hosts.stopAll();
        removeFolder(workspace);
    });

    /** Starts `run sh long.sh` in a chat session and resolves once it printed, with the command's process tree. */
    async function startLongCommand(chatSessionId: string): Promise<{ turn: Promise<unknown>; pids: number[] }> {
        const prepared = await service.prepare(chatSessionId, agent, [workspace]);
        assert.ok(!('error' in prepared), JSON.stringify(prepared));
        const turn = service.prompt(chatSessionId, agent.id, [{ type: 'text', text: 'run sh long.sh' }]);
        await until(() => outputs.some(output => output.text.includes('started')), 'the command to print "started"');
        const [pid] = terminals.pids;
        let pids: number[] = [];
        await until(() => (pids = [pid, ...descendantsOf(pid)]).length > 1, 'the sleep child');
        return { turn, pids };
    }

    it('runs the command in the session\'s workspace and pushes its output and exit to the window', async () => {
        fs.writeFileSync(path.join(workspace, 'where.sh'), 'pwd\nexit 5\n');
        await service.prepare('chat-1', agent, [workspace]);
        const result = await service.prompt('chat-1', agent.id, [{ type: 'text', text: 'run sh where.sh' }]);
        assert.deepEqual(result, { stopReason: 'end_turn' });
        assert.equal(outputs[0].command, 'sh where.sh');
        assert.equal(outputs.map(output => output.text).join(''), `${workspace}\n`);
        assert.deepEqual(outputs[outputs.length - 1].exitStatus, { exitCode: 5, signal: null });
        assert.match(texts.join(''), /Exit code 5/);
        assert.deepEqual(terminals.pids, []);
    });

    it('a command the agent runs does not see the backend\'s credentials (MY_SECRET_TOKEN, PGPASSWORD, a DATABASE_URL with a password)', async () => {
        const planted = { MY_SECRET_TOKEN: 'backend-token-0123', PGPASSWORD: 'backend-pg-0123', DATABASE_URL: 'postgres://app:backend-db-0123@localhost/app' };
        Object.assign(process.env, planted);
        try {
            await service.prepare('chat-1', agent, [workspace]);
            await service.prompt('chat-1', agent.id, [{ type: 'text', text: 'run env' }]);
        } finally {
            Object.keys(planted).forEach(name => delete process.env[name]);
        }
        const printed = outputs.map(output => output.text).join('');
        assert.match(printed, /^PATH=/m, 'env did run');
        assert.doesNotMatch(printed, /MY_SECRET_TOKEN|PGPASSWORD|DATABASE_URL|backend-/);
    });

    it('an agent creating 41 terminals gets a clear error from the 17th on; closing the session leaves no process', async () => {
        await service.prepare('chat-1', agent, [workspace]);
        await service.prompt('chat-1', agent.id, [{ type: 'text', text: 'spawn 41 - sleep 600' }]);
        assert.match(texts.join(''), /^Created 16 terminals\. terminal\/create #17 failed \(-32602\): Invalid params: too many terminals: this session already holds 16/);
        const pids = terminals.pids;
        assert.equal(pids.length, 16);
        await service.closeChatSession('chat-1');
        await until(() => pids.every(pid => !isAlive(pid)), 'the 16 sleeps to be gone');
        assert.deepEqual(terminals.pids, []);
    });

    it('an agent asking 16 MiB for each of 41 flooding terminals gets two; the session keeps at most 32 MiB of output', async () => {
        await service.prepare('chat-1', agent, [workspace]);
        await service.prompt('chat-1', agent.id, [{ type: 'text', text: `spawn 41 ${16 * 1024 * 1024} head -c 17000000 /dev/zero` }]);
        assert.match(texts.join(''), /^Created 2 terminals\. terminal\/create #3 failed \(-32602\): Invalid params: no output budget left/);
        await until(() => outputs.filter(output => output.exitStatus).length === 2, 'both floods to end');
        const kept = terminals.keptBytes;
        assert.ok(kept >= 32 * 1024 * 1024 && kept <= 32 * 1024 * 1024 + 2 * 64 * 1024, `${kept} bytes kept`);
        await service.closeChatSession('chat-1');
        assert.equal(terminals.keptBytes, 0, 'released with the session');
    });

    it('closing the chat session kills the command it runs (with its children) and releases it', async () => {
        const { turn, pids } = await startLongCommand('chat-1');
        await service.closeChatSession('chat-1');
        await until(() => pids.every(pid => !isAlive(pid)), 'the shell and its sleep to be gone');
        assert.deepEqual(terminals.pids, []);
        await turn;
    });

    it('the window going away (dispose) kills the commands of its sessions', async () => {
        const { pids } = await startLongCommand('chat-2');
        service.dispose();
        await until(() => pids.every(pid => !isAlive(pid)), 'the shell and its sleep to be gone');
    });

    it('the backend stopping kills every command still running', async () => {
        const { pids } = await startLongCommand('chat-3');
        terminals.onStop();
        await until(() => pids.every(pid => !isAlive(pid)), 'the shell and its sleep to be gone');
    });
});
