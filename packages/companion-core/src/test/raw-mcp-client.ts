import * as assert from 'assert';
import * as http from 'http';

/** Streamable HTTP by hand, step by step as the CLIs' SDK transport does it: for specs only. */
export class RawMcpClient {
    constructor(readonly port: number, readonly token: string) { }

    get headers(): Record<string, string> {
        return {
            host: `127.0.0.1:${this.port}`,
            authorization: `Bearer ${this.token}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream'
        };
    }

    post(body: unknown, extra: Record<string, string> = {}, signal?: AbortSignal): Promise<{ status: number; session?: string; json?: any }> {
        return new Promise((resolve, reject) => {
            const request = http.request({ host: '127.0.0.1', port: this.port, method: 'POST', path: '/mcp', headers: { ...this.headers, ...extra }, signal }, response => {
                let text = '';
                response.on('data', chunk => text += chunk);
                response.on('end', () => resolve({
                    status: response.statusCode!, session: response.headers['mcp-session-id'] as string | undefined,
                    json: text ? JSON.parse(text) : undefined
                }));
            });
            request.on('error', reject);
            request.end(JSON.stringify(body));
        });
    }

    async initialize(protocolVersion = '2025-06-18'): Promise<{ session: string; version: string }> {
        const response = await this.post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'spec', version: '1' } } });
        assert.strictEqual(response.status, 200, JSON.stringify(response.json));
        const initialized = await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': response.session! });
        assert.strictEqual(initialized.status, 202);
        return { session: response.session!, version: response.json.result.protocolVersion };
    }

    callTool(session: string, id: number, name: string, args: object, signal?: AbortSignal): Promise<{ status: number; json?: any }> {
        return this.post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }, { 'mcp-session-id': session }, signal);
    }

    openStream(session: string): Promise<EventStream> {
        return new Promise((resolve, reject) => {
            const request = http.get({ host: '127.0.0.1', port: this.port, path: '/mcp', headers: { ...this.headers, accept: 'text/event-stream', 'mcp-session-id': session } }, response => {
                resolve(new EventStream(response, () => request.destroy()));
            });
            request.on('error', () => undefined);
            setTimeout(() => reject(new Error('no stream')), 2000);
        });
    }
}

/** One GET event stream; waits for events instead of sleeping. */
export class EventStream {
    private text = '';
    private readonly waiters = new Set<() => void>();

    constructor(readonly response: http.IncomingMessage, readonly close: () => void) {
        response.on('data', chunk => {
            this.text += chunk;
            this.waiters.forEach(waiter => waiter());
        });
    }

    get raw(): string {
        return this.text;
    }

    /** The JSON-RPC messages received so far. */
    messages(): Array<{ method?: string; params?: any }> {
        return this.text.split('\n\n')
            .map(block => block.split('\n').find(line => line.startsWith('data: ')))
            .filter((line): line is string => !!line)
            .map(line => JSON.parse(line.slice('data: '.length)));
    }

    /** Resolves with the first message matching, or rejects after the deadline with what did arrive. */
    waitFor(match: (message: { method?: string; params?: any }) => boolean, deadlineMs = 3000): Promise<{ method?: string; params?: any }> {
        return this.arrival(() => this.messages().find(match), deadlineMs,
            () => `got: ${this.messages().map(m => m.method).join(', ')}`);
    }

    /** Resolves once the raw stream holds `fragment` (an SSE comment such as a keep-alive, say). */
    async waitForText(fragment: string, deadlineMs = 3000): Promise<void> {
        await this.arrival(() => this.text.includes(fragment) || undefined, deadlineMs, () => `got: ${JSON.stringify(this.text)}`);
    }

    /** Checks `probe` on every chunk that arrives; rejects after the deadline, saying what did arrive. */
    private arrival<T>(probe: () => T | undefined, deadlineMs: number, got: () => string): Promise<T> {
        return new Promise((resolve, reject) => {
            const check = () => {
                const found = probe();
                if (found !== undefined) {
                    this.waiters.delete(check);
                    clearTimeout(timer);
                    resolve(found);
                }
            };
            const timer = setTimeout(() => {
                this.waiters.delete(check);
                reject(new Error(`not received within ${deadlineMs} ms; ${got()}`));
            }, deadlineMs);
            this.waiters.add(check);
            check();
        });
    }
}
