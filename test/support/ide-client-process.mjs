import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
        this.nextId = 1;
        this.pending = new Map();
        this.events = [];
        this.waiters = new Set();
        this.output = '';
        child.stdout.on('data', d => { this.output += d; });
        child.stderr.on('data', d => { this.output += d; });
        child.on('message', message => this.onMessage(message));
        child.on('exit', code => {
            for (const { reject } of this.pending.values()) {
                reject(new Error(`IdeClient process exited with ${code}\n${this.output}`));
            }
            this.pending.clear();
        });
    }

    onMessage(message) {
        if (message.id !== undefined) {
            const pending = this.pending.get(message.id);
            this.pending.delete(message.id);
            if (message.error) {
                pending?.reject(new Error(message.error));
            } else {
                pending?.resolve(message.result);
            }
            return;
        }
        this.events.push(message);
        for (const waiter of this.waiters) {
            if (waiter.predicate(message)) {
                this.waiters.delete(waiter);
                waiter.resolve(message);
            }
        }
    }

    request(command, args) {
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            this.pending.set(id, { resolve, reject });
            this.child.send({ id, command, args });
        });
    }

    /** Resolves with the first event (already seen or future) that matches. */
    waitForEvent(predicate, timeoutMs = 10_000) {
        const seen = this.events.find(predicate);
        if (seen) {
            return Promise.resolve(seen);
        }
        return new Promise((resolve, reject) => {
            const waiter = { predicate, resolve };
            this.waiters.add(waiter);
            setTimeout(() => {
                if (this.waiters.delete(waiter)) {
                    reject(new Error(`No matching IdeClient event within ${timeoutMs} ms; events: ${JSON.stringify(this.events).slice(-2000)}\n${this.output}`));
                }
            }, timeoutMs).unref();
        });
    }

    /** Waits until the client's context store holds a context that satisfies the predicate. */
    waitForContext(predicate, timeoutMs = 10_000) {
        return this.waitForEvent(e => e.event === 'context' && e.context && predicate(e.context), timeoutMs)
            .then(e => e.context);
    }

    async stop() {
        if (this.child.exitCode === null) {
            const exited = new Promise(resolve => this.child.once('exit', resolve));
            this.child.kill('SIGTERM');
            await exited;
        }
    }
}
