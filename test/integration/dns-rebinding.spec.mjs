// DNS rebinding into the Theia backend (issue 21 part 6): a page on evil.example whose name now
// resolves to 127.0.0.1 reaches the real browser-app backend with `Host: evil.example:<port>`. It gets
// no page, no theia-connection-token cookie, and no WebSocket (even with a valid cookie and a
// matching Origin), so it cannot call the RPC services (terminals, files, the chat's agents).
// localhost, 127.0.0.1 and [::1]-style names keep working; THEIA_HOSTS adds a deployment's own name.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { rawRequest } from '../support/raw-http.mjs';
import { TheiaBackend, makeTempRoot, removeTempRoot, writeTree } from '../support/theia-app.mjs';
import { CleanupStack } from '../support/cleanup-stack.mjs';

const TOKEN_COOKIE = 'theia-connection-token';

/** A WebSocket handshake to Theia's socket.io endpoint: 101 when the backend takes it, else the status it answers. */
function upgrade(port, headers) {
    return new Promise((resolve, reject) => {
        const request = http.request({
            host: '127.0.0.1', port, path: '/socket.io/?EIO=4&transport=websocket', agent: false,
            headers: {
                Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13',
                'Sec-WebSocket-Key': crypto.randomBytes(16).toString('base64'), ...headers
            }
        });
        request.on('upgrade', (response, socket) => {
            socket.destroy();
            resolve(response.statusCode);
        });
        request.on('response', response => {
            response.resume();
            resolve(response.statusCode);
        });
        request.on('error', error => error.code === 'ECONNRESET' ? resolve('reset') : reject(error));
        request.end();
    });
}

const tokenOf = response => [response.headers['set-cookie'] ?? []].flat().find(cookie => cookie.startsWith(`${TOKEN_COOKIE}=`))?.split(';')[0];

describe('the Theia backend serves only its own host names (DNS rebinding)', function () {
    const cleanup = new CleanupStack();
    after(() => cleanup.run());

    async function backendWith(env = { THEIA_HOSTS: '' }) {
        const root = makeTempRoot('dns-rebinding-');
        cleanup.push(() => removeTempRoot(root));
        const workspace = writeTree(path.join(root, 'workspace'), { 'a.txt': 'a\n' });
        const backend = await TheiaBackend.start({ root, workspace, env });
        cleanup.push(() => backend.stop());
        return backend;
    }

    let backend, port, token;
    before(async () => {
        backend = await backendWith();
        port = backend.port;
    });

    it('answers localhost, 127.0.0.1 and [::1] on its port, with the token cookie', async () => {
        for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
            const response = await rawRequest({ port, method: 'GET', path: '/', headers: { Host: host } });
            assert.equal(response.status, 200, host);
            token = tokenOf(response);
            assert.ok(token, `${host} gets the token cookie`);
        }
    });

    it('refuses GET / for Host evil.example:<port>, without the token cookie', async () => {
        const response = await rawRequest({ port, method: 'GET', path: '/', headers: { Host: `evil.example:${port}` } });
        assert.equal(response.status, 403);
        assert.equal(tokenOf(response), undefined);
        assert.match(response.text, /THEIA_HOSTS/);
        const asset = await rawRequest({ port, method: 'GET', path: '/bundle.js', headers: { Host: `evil.example:${port}` } });
        assert.equal(asset.status, 403);
    });

    it('refuses the WebSocket upgrade and socket.io polling for that Host, even with a valid cookie and a matching Origin', async () => {
        const evil = { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}`, Cookie: token };
        assert.notEqual(await upgrade(port, evil), 101);
        const polling = await rawRequest({ port, method: 'GET', path: '/socket.io/?EIO=4&transport=polling', headers: evil });
        assert.notEqual(polling.status, 200, polling.text);
        // The same handshake with the backend's own name goes through: the refusal is the Host's.
        assert.equal(await upgrade(port, { Host: `localhost:${port}`, Origin: `http://localhost:${port}`, Cookie: token }), 101);
        assert.equal(await upgrade(port, { Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}`, Cookie: token }), 101);
    });

    it('serves a deployment\'s own name once THEIA_HOSTS lists it (here behind a proxy on the default port)', async () => {
        const deployed = await backendWith({ THEIA_HOSTS: 'ide.example.test' });
        const own = await rawRequest({ port: deployed.port, method: 'GET', path: '/', headers: { Host: 'ide.example.test' } });
        assert.equal(own.status, 200);
        const cookie = tokenOf(own);
        assert.ok(cookie);
        assert.equal(await upgrade(deployed.port, { Host: 'ide.example.test', Origin: 'http://ide.example.test', Cookie: cookie }), 101);
        const evil = await rawRequest({ port: deployed.port, method: 'GET', path: '/', headers: { Host: `evil.example:${deployed.port}` } });
        assert.equal(evil.status, 403);
        assert.notEqual(await upgrade(deployed.port, { Host: 'evil.example', Origin: 'http://ide.example.test', Cookie: cookie }), 101);
    });

});
