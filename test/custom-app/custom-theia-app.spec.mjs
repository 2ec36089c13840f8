// The npm packages as a Theia app developer uses them (docs/packaging.md "Add to your Theia app"): the packed
// tarballs, a minimal app outside the monorepo that depends on them, built with `theia build`; then
// the companion must start with the backend and the real IdeClient must connect to it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IdeClientProcess } from '../support/ide-client-process.mjs';
import { cleanProcessEnv } from '../support/cli-home.mjs';
import { CUSTOM_APP_NAME, builtTarballs, createCustomApp } from '../support/custom-theia-app.mjs';
import { REPO_ROOT, TheiaBackend, makeTempRoot, removeTempRoot, writeTree } from '../support/theia-app.mjs';

describe('a custom Theia app built from the npm tarballs', function () {
    this.timeout(900_000);
    let root, app, backend, client;

    before(function () {
        const tarballs = builtTarballs();
        root = makeTempRoot('custom-theia-app-');
        assert.ok(!path.relative(REPO_ROOT, root).match(/^[^.]/), 'the app lives outside the monorepo (no workspace hoisting helps it)');
        app = createCustomApp(path.join(root, 'my-theia-app'), tarballs);
    });

    after(async function () {
        await client?.stop();
        await backend?.stop();
        removeTempRoot(root);
    });

    it('installs our packages from the tarballs, not from the monorepo', function () {
        for (const name of Object.keys(builtTarballs())) {
            const installed = path.join(app, 'node_modules', ...name.split('/'));
            assert.ok(fs.existsSync(path.join(installed, 'package.json')), `${name} installed`);
            assert.ok(!fs.lstatSync(installed).isSymbolicLink(), `${name} is a copy of the tarball, not a link into the monorepo`);
            assert.deepEqual(fs.readdirSync(path.join(installed, 'lib'), { recursive: true }).filter(f => /\.spec\./.test(f)), [], 'no tests shipped');
        }
    });

    it('the companion starts with the backend, names the app, and the real IdeClient connects', async function () {
        const workspace = writeTree(path.join(root, 'workspace'), { 'hello.ts': 'export const hello = 1;\n' });
        backend = await TheiaBackend.start({ root, workspace, app });
        // The Theia extension starts its server before the backend listens: no window needed.
        const discovery = await backend.waitForDiscoveryFile([workspace]);
        assert.deepEqual(discovery.content.ideInfo, { name: 'theia', displayName: CUSTOM_APP_NAME });
        assert.equal(discovery.pid, process.pid, 'named after the backend\'s parent, as Gemini CLI\'s process walk finds it');
        client = await IdeClientProcess.start({ cwd: workspace, env: { ...cleanProcessEnv(), ...backend.ideClientEnv(discovery) } });
        const state = await client.request('connect');
        assert.equal(state.status, 'connected', `IdeClient did not connect: ${JSON.stringify(state)}\n${client.output}`);
        assert.equal(state.ide, CUSTOM_APP_NAME);
        assert.equal(state.diffing, true);
    });
});
