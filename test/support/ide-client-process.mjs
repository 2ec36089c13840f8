import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AwaitableLog, ipcClient } from './ipc.mjs';

const CHILD = fileURLToPath(new URL('./ide-client-child.mjs', import.meta.url));

/**
 * One real Gemini CLI IdeClient in a child process, with the cwd and environment a CLI started in a
 * Theia terminal would have.
 */
export class IdeClientProcess {
    static async start({ cwd, env }) {
        const child = fork(CHILD, [], { cwd, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
        const client = new IdeClientProcess(child);
        await client.waitForEvent(e => e.event === 'ready', 60_000);
        return client;
    }

    constructor(child) {
        this.child = child;
        this.log = new AwaitableLog();
        this.output = '';
        child.stdout.on('data', d => { this.output += d; });
        child.stderr.on('data', d => { this.output += d; });
        this.request = ipcClient(child, code => `IdeClient process exited with ${code}\n${this.output}`);
        child.on('message', message => message.id === undefined && this.log.push(message));
    }

    /** Events from the child: ready, status, context and notification. */
    get events() {
        return this.log.items;
    }

    /** Resolves with the first event (already seen or future) that matches. */
    waitForEvent(predicate, timeoutMs = 10_000) {
        return this.log.waitFor(predicate, timeoutMs, () =>
            `No matching IdeClient event within ${timeoutMs} ms; events: ${JSON.stringify(this.events).slice(-2000)}\n${this.output}`);
    }

    /** Waits until the client's context store holds a context that satisfies the predicate. */
    waitForContext(predicate, timeoutMs = 10_000) {
        return this.waitForEvent(e => e.event === 'context' && e.context && predicate(e.context), timeoutMs)
            .then(e => e.context);
    }

    async stop() {
        if (this.child.exitCode === null && this.child.signalCode === null) { // not already gone (a test may kill it)
            const exited = new Promise(resolve => this.child.once('exit', resolve));
            this.child.kill('SIGTERM');
            await exited;
        }
    }
}
