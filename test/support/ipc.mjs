/**
 * Child-process plumbing shared by tests and benchmarks: {id, command, args} over IPC, answered with
 * {id, result | error}; messages without an id are events. Plus a log that can be awaited.
 */

/** Sends commands to `child`; rejects what is pending if it exits (`describeExit` adds its output). */
export function ipcClient(child, describeExit = code => `child exited with ${code}`) {
    let nextId = 1;
    const waiting = new Map();
    child.on('message', message => {
        const entry = message && message.id !== undefined && waiting.get(message.id);
        if (!entry) {
            return;
        }
        waiting.delete(message.id);
        if ('error' in message) {
            entry.reject(new Error(message.error));
        } else {
            entry.resolve(message.result);
        }
    });
    child.on('exit', code => {
        for (const entry of waiting.values()) {
            entry.reject(new Error(describeExit(code)));
        }
        waiting.clear();
    });
    return (command, args) => new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        child.send({ id, command, args });
    });
}

/** The child's side: runs `commands[command](args)` and answers. */
export function serveIpc(commands) {
    process.on('message', async ({ id, command, args }) => {
        try {
            const result = await commands[command](args ?? {});
            process.send({ id, result: result ?? null });
        } catch (error) {
            process.send({ id, error: String(error?.stack ?? error) });
        }
    });
}

/** Items in arrival order; `waitFor` resolves with the first one, seen or future, that matches. */
export class AwaitableLog {
    constructor() {
        this.items = [];
        this.waiters = new Set();
    }

    push(item) {
        this.items.push(item);
        for (const waiter of this.waiters) {
            if (waiter.predicate(item)) {
                this.waiters.delete(waiter);
                waiter.resolve(item);
            }
        }
    }

    waitFor(predicate, timeoutMs, describeFailure = () => `nothing matched within ${timeoutMs} ms`) {
        const seen = this.items.find(predicate);
        if (seen) {
            return Promise.resolve(seen);
        }
        return new Promise((resolve, reject) => {
            const waiter = { predicate, resolve };
            this.waiters.add(waiter);
            setTimeout(() => {
                if (this.waiters.delete(waiter)) {
                    reject(new Error(describeFailure()));
                }
            }, timeoutMs).unref();
        });
    }
}
