import * as assert from 'assert';
import * as http from 'http';
import { EventStream } from './raw-mcp-client';

/** Streamable HTTP over a Unix socket, as Copilot CLI speaks it to its IDE: for specs only. */
export class CopilotSocketClient {
    constructor(readonly socketPath: string, readonly authorization: string | undefined) { }

    get headers(): Record<string, string> {
        return {
            host: 'localhost',
            ...this.authorization !== undefined ? { authorization: this.authorization } : {},
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream'
        };
    }

    /** Any request; the body is sent as given (a string) or as JSON. */
    request(method: string, body: unknown, extra: Record<string, string> = {}): Promise<{ status: number; session?: string; json?: any; text: string }> {
        return new Promise((resolve, reject) => {
            const request = http.request({ socketPath: this.socketPath, method, path: '/mcp', headers: { ...this.headers, ...extra } }, response => {
                let text = '';
                response.on('data', chunk => text += chunk);
                response.on('end', () => {
                    let json: unknown;
                    try {
                        json = text ? JSON.parse(text) : undefined;
                    } catch {
                        json = undefined;
                    }
                    resolve({ status: response.statusCode!, session: response.headers['mcp-session-id'] as string | undefined, json, text });
                });
            });
            request.on('error', reject);
            request.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
        });
    }

    post(body: unknown, extra: Record<string, string> = {}): Promise<{ status: number; session?: string; json?: any }> {
        return this.request('POST', body, extra);
    }

    /** `extra`: headers the real CLI adds (X-Copilot-PID …). */
    async initialize(extra: Record<string, string> = {}): Promise<{ session: string; serverName: string }> {
        const response = await this.post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'copilot-cli', version: '1' } } }, extra);
        assert.strictEqual(response.status, 200, JSON.stringify(response.json));
        const initialized = await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': response.session! });
        assert.strictEqual(initialized.status, 202);
        return { session: response.session!, serverName: response.json.result.serverInfo.name };
    }

    /** A tools/call; resolves with the tool's JSON answer (the text of its first content block, parsed). */
    async callTool(session: string, id: number, name: string, args: object): Promise<{ isError?: boolean; value: any }> {
        const response = await this.post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }, { 'mcp-session-id': session });
        assert.strictEqual(response.status, 200, JSON.stringify(response.json));
        const result = response.json.result;
        return { isError: result.isError, value: JSON.parse(result.content[0].text) };
    }

    openStream(session: string): Promise<EventStream> {
        return new Promise((resolve, reject) => {
            const request = http.get({ socketPath: this.socketPath, path: '/mcp', headers: { ...this.headers, accept: 'text/event-stream', 'mcp-session-id': session } },
                response => resolve(new EventStream(response, () => request.destroy())));
            request.on('error', reject);
        });
    }
}
