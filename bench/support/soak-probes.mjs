// What the soak counts, after a forced GC: the backend's RSS, JS heap, open descriptors, child processes and
// active handles (through its inspector), and the page's JS heap, DOM nodes and event listeners (through CDP).
import fs from 'node:fs';
import { require } from './common.mjs';
import { waitUntil } from '../../test/support/wait.mjs';

const WebSocket = require('ws');

/** Every live descendant of `pid`, from /proc (children of children included). */
export function descendantsOf(pid) {
    const parentOf = new Map();
    for (const name of fs.readdirSync('/proc').filter(entry => /^\d+$/.test(entry))) {
        try {
            const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
            const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
            if (fields[0] !== 'Z') {
                parentOf.set(Number(name), Number(fields[1]));
            }
        } catch {
            // gone meanwhile
        }
    }
    const found = [];
    const walk = parent => {
        for (const [child, ppid] of parentOf) {
            if (ppid === parent) {
                found.push(child);
                walk(child);
            }
        }
    };
    walk(pid);
    return found;
}

/** The backend as the soak reads it: started with `--inspect=127.0.0.1:0`, so its heap can be read after a GC. */
export class BackendProbe {
    static async attach(backend) {
        let url;
        await waitUntil(() => (url = /Debugger listening on (ws:\/\/\S+)/.exec(backend.log)?.[1]) !== undefined,
            { what: 'the backend\'s inspector URL', timeout: 30_000 });
        const socket = new WebSocket(url);
        await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
        return new BackendProbe(backend, socket);
    }

    constructor(backend, socket) {
        this.backend = backend;
        this.socket = socket;
        this.nextId = 1;
        this.waiting = new Map();
        socket.on('message', data => {
            const message = JSON.parse(String(data));
            const waiter = this.waiting.get(message.id);
            this.waiting.delete(message.id);
            if (message.error) {
                waiter?.reject(new Error(message.error.message));
            } else {
                waiter?.resolve(message.result);
            }
        });
    }

    call(method, params = {}) {
        const id = this.nextId++;
        this.socket.send(JSON.stringify({ id, method, params }));
        return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    }

    async read() {
        await this.call('HeapProfiler.collectGarbage');
        const { result } = await this.call('Runtime.evaluate', {
            expression: 'JSON.stringify({ memory: process.memoryUsage(), handles: process._getActiveHandles().length })', returnByValue: true
        });
        const { memory, handles } = JSON.parse(result.value);
        const pid = this.backend.pid;
        return {
            rssMb: memory.rss / 2 ** 20, heapMb: memory.heapUsed / 2 ** 20, handles,
            descriptors: fs.readdirSync(`/proc/${pid}/fd`).length, children: descendantsOf(pid).length
        };
    }

    close() {
        this.socket.close();
    }
}

/** The page's counts through CDP; the session survives reloads (it is attached to the page's target). */
export class PageProbe {
    static async attach(page) {
        return new PageProbe(await page.context().newCDPSession(page));
    }

    constructor(cdp) {
        this.cdp = cdp;
    }

    async read() {
        await this.cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = await this.cdp.send('Runtime.getHeapUsage');
        const { nodes, jsEventListeners, documents } = await this.cdp.send('Memory.getDOMCounters');
        return { heapMb: usedSize / 2 ** 20, nodes, listeners: jsEventListeners, documents };
    }
}
