import * as http from 'http';
import type { AddressInfo } from 'net';

export interface Served {
    body: Buffer | string;
    etag?: string;
    status?: number;
}

/** A loopback HTTP server for registry tests: `routes` can change between requests; `requests` records each one. */
export class LoopbackServer {
    readonly routes = new Map<string, Served>();
    readonly requests: { path: string; ifNoneMatch?: string }[] = [];
    private server: http.Server | undefined;
    private port = 0;

    async start(): Promise<this> {
        this.server = http.createServer((request, response) => {
            const url = request.url ?? '/';
            const ifNoneMatch = request.headers['if-none-match'];
            this.requests.push({ path: url, ifNoneMatch });
            const served = this.routes.get(url);
            if (!served) {
                response.writeHead(404).end('not found');
                return;
            }
            if (served.etag && ifNoneMatch === served.etag) {
                response.writeHead(304, { etag: served.etag }).end();
                return;
            }
            response.writeHead(served.status ?? 200, { ...(served.etag ? { etag: served.etag } : {}), 'content-type': 'application/octet-stream' });
            response.end(served.body);
        });
        await new Promise<void>(resolve => this.server!.listen(0, '127.0.0.1', resolve));
        this.port = (this.server.address() as AddressInfo).port;
        return this;
    }

    url(path: string): string {
        return `http://127.0.0.1:${this.port}${path}`;
    }

    async stop(): Promise<void> {
        const server = this.server;
        this.server = undefined;
        if (server) {
            server.closeAllConnections();
            await new Promise<void>(resolve => server.close(() => resolve()));
        }
    }
}
