import { randomUUID } from 'crypto';
import * as net from 'net';
import { CodexFrameReader, encodeCodexFrame } from '../node/codex-ipc/codex-ipc-frames';

/**
 * Codex's CLI side of the IDE socket as the real one behaves: 0.169.0 sends `ide-context` at once as
 * "codex-tui"; codex-rs/tui ide_context/ipc.rs of other versions initializes first as "desktop".
 * Discovery requests are refused. For specs only.
 */
export class CodexIpcTestClient {
    readonly received: Array<Record<string, any>> = [];
    private readonly waiters: Array<() => void> = [];
    private clientId = 'codex-tui';
    private closed = false;

    private constructor(readonly socket: net.Socket) {
        const reader = new CodexFrameReader(message => {
            if (message.type === 'client-discovery-request') {
                socket.write(encodeCodexFrame({ type: 'client-discovery-response', requestId: message.requestId, response: { canHandle: false } }));
            }
            this.received.push(message);
            this.waiters.splice(0).forEach(wake => wake());
        });
        socket.on('data', chunk => reader.push(chunk));
        socket.on('close', () => {
            this.closed = true;
            this.waiters.splice(0).forEach(wake => wake());
        });
    }

    static connect(socketPath: string): Promise<CodexIpcTestClient> {
        return new Promise((resolve, reject) => {
            const socket = net.createConnection(socketPath, () => resolve(new CodexIpcTestClient(socket)));
            socket.once('error', reject);
        });
    }

    async initialize(): Promise<Record<string, any>> {
        const response = await this.request('initialize', { clientType: 'desktop' });
        this.clientId = response.result?.clientId ?? this.clientId;
        return response;
    }

    ideContext(workspaceRoot: string): Promise<Record<string, any>> {
        return this.request('ide-context', { workspaceRoot });
    }

    async request(method: string, params: unknown): Promise<Record<string, any>> {
        const requestId = randomUUID();
        this.socket.write(encodeCodexFrame({ type: 'request', requestId, sourceClientId: this.clientId, version: 0, method, params }));
        return this.next(message => message.type === 'response' && message.requestId === requestId);
    }

    /** The next received message that matches; rejects if the socket closes first. */
    async next(matches: (message: Record<string, any>) => boolean): Promise<Record<string, any>> {
        for (;;) {
            const index = this.received.findIndex(matches);
            if (index >= 0) {
                return this.received.splice(index, 1)[0];
            }
            if (this.closed) {
                throw new Error('the Codex socket closed');
            }
            await new Promise<void>(resolve => this.waiters.push(resolve));
        }
    }

    /** Resolves when the other side has closed the connection. */
    async closedByPeer(): Promise<void> {
        while (!this.closed) {
            await new Promise<void>(resolve => this.waiters.push(resolve));
        }
    }

    close(): void {
        this.socket.destroy();
    }
}
