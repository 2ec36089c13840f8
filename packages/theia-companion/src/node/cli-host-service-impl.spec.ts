import * as assert from 'assert';
import { spawn } from 'child_process';
import { CliHostServiceImpl } from './cli-host-service-impl';

describe('CliHostServiceImpl.findProcessTerminals (sessions that name their process: Copilot CLI, Codex CLI)', () => {
    it('maps a session\'s process to the terminal shell it runs under, and nothing to a shell it does not', async () => {
        // This process plays the terminal's shell, its child the CLI.
        const cli = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1000)'], { stdio: 'ignore' });
        try {
            await new Promise(resolve => cli.once('spawn', resolve));
            const host = new CliHostServiceImpl();
            const found = await host.findProcessTerminals([{ sessionId: 's1', pid: cli.pid! }], [12345678, process.pid]);
            assert.deepStrictEqual(found.map(f => [f.sessionId, f.pid, f.shellPid, f.cwd]), [['s1', cli.pid, process.pid, process.cwd()]]);
            assert.deepStrictEqual(await host.findProcessTerminals([{ sessionId: 's2', pid: process.pid }], [cli.pid!]), [], 'a parent is not under its child');
            assert.deepStrictEqual(await host.findProcessTerminals([{ sessionId: 's3', pid: -1 }, { sessionId: 's4', pid: 1.5 }], [process.pid]), []);
        } finally {
            cli.kill();
        }
    });
});
