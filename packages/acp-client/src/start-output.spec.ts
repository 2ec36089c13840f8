import * as assert from 'assert';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { silentLogger } from './agent-logger';
import { lastOutputLine, StartOutputTail } from './start-output';
import { WorkspaceAgent } from './workspace-agent';

/** The ACP agent the repository's tests write themselves (test/support): a real process speaking ACP on stdio. */
const TINY_AGENT = path.resolve(__dirname, '../../../test/support/tiny-acp-agent.mjs');

describe('StartOutputTail (the last line an agent printed while it starts)', () => {
    it('reports the last non-blank line, across chunks, and whether it changed', () => {
        const tail = new StartOutputTail();
        assert.strictEqual(tail.lastLine, undefined);
        assert.strictEqual(tail.push('\n  \n'), false);
        assert.strictEqual(tail.push('npm warn deprecated inflight@1.0.6: '), true);
        assert.strictEqual(tail.push('leaks memory\n'), true);
        assert.strictEqual(tail.lastLine, 'npm warn deprecated inflight@1.0.6: leaks memory');
        assert.strictEqual(tail.push('\n\n'), false);
        tail.push('npm error code E404\n');
        assert.strictEqual(tail.lastLine, 'npm error code E404');
    });

    it('drops terminal escapes and control characters, and counts a spinner\'s \\r redraw as a line', () => {
        assert.strictEqual(lastOutputLine('\u001b[1m\u001b[31mnpm\u001b[0m error\u0007 404\n'), 'npm error 404');
        assert.strictEqual(lastOutputLine('\u001b]0;npm exec\u0007⠋ fetching\r⠙ fetching\r⠹ reify: timing\r'), '⠹ reify: timing');
        assert.strictEqual(lastOutputLine('a\ttab\u0000 and\u001b[2K  spaces'), 'a tab and spaces');
    });

    it('keeps a line short and the kept output bounded, however much an agent prints', () => {
        const line = lastOutputLine(`${'x'.repeat(5000)}\n`)!;
        assert.strictEqual(line.length, 200);
        assert.ok(line.endsWith('…'));
        const tail = new StartOutputTail();
        for (let index = 0; index < 500; index++) {
            tail.push(`line ${index} ${'y'.repeat(100)}\n`);
        }
        assert.match(tail.lastLine!, /^line 499 y+$/);
    });
});

describe('WorkspaceAgent.onStartOutput (what an agent prints while it starts, for the chat\'s progress line)', () => {
    let workspace: string;
    let agent: WorkspaceAgent;

    beforeEach(() => {
        workspace = tempFolder('acp-start-output-', { real: true });
    });

    afterEach(async () => {
        await agent?.stop();
        removeFolder(workspace);
    });

    it('reports each new last line printed before initialize is answered, scrubbed, and nothing after', async () => {
        // A launcher that talks on stderr before it runs the agent, as npx does while npm fetches the package.
        const script = 'printf "npm warn deprecated glob@7: old\\n" >&2; printf "\\033[1mnpm\\033[0m notice token sk-secret-1\\n" >&2; ' +
            `exec "${process.execPath}" "${TINY_AGENT}"`;
        agent = new WorkspaceAgent({
            workspace, logger: silentLogger, scrub: text => text.replace(/sk-secret-1/g, '***'), environment: async () => process.env,
            profile: { id: 'tiny', displayName: 'Tiny agent', command: '/bin/sh', args: ['-c', script] }
        });
        const lines: string[] = [];
        const unsubscribe = agent.onStartOutput(line => lines.push(line));
        assert.equal(agent.isStarting, false);
        const ready = agent.ready();
        assert.equal(agent.isStarting, true, 'starting from the first call');
        await ready;
        assert.equal(agent.isStarting, false);
        // One chunk or two: the line reported last is the last one printed, and every line is scrubbed.
        assert.equal(lines.at(-1), 'npm notice token ***', lines.join('\n'));
        assert.ok(lines.every(line => ['npm warn deprecated glob@7: old', 'npm notice token ***'].includes(line)), lines.join('\n'));
        unsubscribe();
        const later: string[] = [];
        agent.onStartOutput(line => later.push(line));
        const { sessionId } = await agent.openSession({ onUpdate: () => undefined, onPermission: async () => ({ outcome: { outcome: 'cancelled' } }) });
        await agent.prompt(sessionId, [{ type: 'text', text: 'hello' }]);
        assert.deepEqual(later, [], 'a running agent reports no start output');
    });
});
