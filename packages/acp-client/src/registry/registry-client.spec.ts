import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { RegistryClient } from './registry-client';
import { LoopbackServer } from './test/loopback-server';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path fill="currentColor" d="M1 1h14v14H1z"/></svg>';

function registryJson(...ids: string[]): string {
    return JSON.stringify({
        version: '1.0.0', extensions: [],
        agents: ids.map(id => ({ id, name: id, version: '1.0.0', description: `${id} agent`, icon: `./${id}.svg`, distribution: { npx: { package: `${id}@1.0.0` } } }))
    });
}

describe('RegistryClient', () => {
    let server: LoopbackServer;
    let home: string;
    let client: RegistryClient;

    beforeEach(async () => {
        server = await new LoopbackServer().start();
        home = tempFolder('registry-client-');
        client = new RegistryClient({ cacheDir: path.join(home, 'cache'), timeoutMs: 2000 });
    });

    afterEach(async () => {
        await server.stop();
        removeFolder(home);
    });

    it('keeps the last good copy with its ETag, asks with If-None-Match, and serves the copy flagged cached when offline', async () => {
        const url = server.url('/registry.json');
        server.routes.set('/registry.json', { body: registryJson('alpha', 'beta'), etag: '"v1"' });
        const first = await client.read(url);
        assert.deepStrictEqual([first.cached, first.agents.map(agent => agent.id), first.problems], [false, ['alpha', 'beta'], []]);
        assert.strictEqual(first.agents[0].iconUrl, server.url('/alpha.svg'));

        const second = await client.read(url);
        assert.deepStrictEqual(server.requests.map(request => request.ifNoneMatch), [undefined, '"v1"']);
        assert.deepStrictEqual([second.cached, second.agents.map(agent => agent.id)], [false, ['alpha', 'beta']]);

        server.routes.set('/registry.json', { body: registryJson('gamma'), etag: '"v2"' });
        assert.deepStrictEqual((await client.read(url)).agents.map(agent => agent.id), ['gamma']);

        await server.stop();
        const offline = await client.read(url);
        assert.strictEqual(offline.cached, true);
        assert.deepStrictEqual(offline.agents.map(agent => agent.id), ['gamma']);
        assert.match(offline.problems[0], /could not be reached: ECONNREFUSED.* Showing the copy from \d{4}-/);
        // The copy survives a new client (a restart).
        const restarted = await new RegistryClient({ cacheDir: path.join(home, 'cache') }).read(url);
        assert.deepStrictEqual([restarted.cached, restarted.agents.map(agent => agent.id)], [true, ['gamma']]);
    });

    it('serves the cached copy when the source sends something that is not a registry, an error, or too much', async () => {
        const url = server.url('/registry.json');
        server.routes.set('/registry.json', { body: registryJson('alpha') });
        await client.read(url);
        for (const [served, pattern] of [
            [{ body: '<html>maintenance</html>' }, /not a usable registry: The registry is not JSON/],
            [{ body: '{"version":"1.0.0","agents":{}}' }, /not a usable registry: .*"agents" must be an array/],
            [{ body: 'x', status: 500 }, /answered 500/],
            [{ body: 'x'.repeat(5000) }, /more than the limit of 4096/]
        ] as const) {
            server.routes.set('/registry.json', served);
            const listing = await new RegistryClient({ cacheDir: path.join(home, 'cache'), maxBytes: 4096 }).read(url);
            assert.strictEqual(listing.cached, true);
            assert.deepStrictEqual(listing.agents.map(agent => agent.id), ['alpha']);
            assert.match(listing.problems[0], pattern);
        }
    });

    it('gives an empty list and the reason when there is no copy yet', async () => {
        const listing = await client.read(server.url('/missing.json'));
        assert.deepStrictEqual([listing.cached, listing.agents], [false, []]);
        assert.match(listing.problems[0], /answered 404/);
    });

    it('times out on a source that never answers', async () => {
        const hanging = http.createServer(() => undefined);
        await new Promise<void>(resolve => hanging.listen(0, '127.0.0.1', resolve));
        try {
            const listing = await new RegistryClient({ cacheDir: path.join(home, 'cache'), timeoutMs: 200 }).read(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}/registry.json`);
            assert.match(listing.problems[0], /did not answer within 200 ms/);
        } finally {
            hanging.closeAllConnections();
            hanging.close();
        }
    });

    it('reads a file: URL or an absolute path (an air-gapped copy), resolving relative icons beside it', async () => {
        const file = path.join(home, 'mirror', 'registry.json');
        fs.mkdirSync(path.dirname(file));
        fs.writeFileSync(file, registryJson('local'));
        fs.writeFileSync(path.join(home, 'mirror', 'local.svg'), ICON);
        for (const source of [file, pathToFileURL(file).href]) {
            const listing = await client.read(source);
            assert.deepStrictEqual([listing.cached, listing.agents.map(agent => agent.id), listing.problems], [false, ['local'], []]);
            assert.strictEqual(await client.fetchIcon(listing.agents[0].iconUrl!), ICON);
        }
        assert.match((await client.read('registry.json')).problems[0], /neither an http\(s\) URL, a file: URL nor an absolute path/);
        // A FIFO named as the registry would block a plain read for ever.
        const fifo = path.join(home, 'mirror', 'fifo.json');
        execFileSync('mkfifo', [fifo]);
        assert.match((await client.read(fifo)).problems[0], /is not a regular file/);
    });

    it('fetches icons only as SVG that passes the check', async () => {
        server.routes.set('/good.svg', { body: ICON });
        server.routes.set('/bad.svg', { body: '<svg onload="alert(1)"/>' });
        assert.strictEqual(await client.fetchIcon(server.url('/good.svg')), ICON);
        assert.strictEqual(await client.fetchIcon(server.url('/bad.svg')), undefined);
        assert.strictEqual(await client.fetchIcon(server.url('/none.svg')), undefined);
    });
});
