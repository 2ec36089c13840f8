// What a Theia backend parses at start: Theia 1.74 bundles the backend into one CommonJS file, so whatever
// our backend modules reach with a static require is read at every start. The heavy engines (MCP SDK, zod,
// ajv, the ACP SDK, the agent API) must be loaded on first use instead, so they must not be in the bundle.
// Bundled here with the esbuild Theia itself uses, from each package's built backend module.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import esbuild from 'esbuild';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(repo, 'package.json'));

const BACKEND_ENTRIES = {
    '@ai-cli-companion/theia': 'packages/theia-companion/lib/node/companion-backend-module.js',
    '@ai-cli-companion/theia-agent-api': 'packages/theia-agent-api/lib/node/agent-api-backend-module.js',
    '@ai-cli-companion/theia-ai-chat': 'packages/theia-ai-chat/lib/node/acp-chat-backend-module.js'
};
/** Loaded on first use only (deferredRequire); a bundle input under one of these is parsed at start. */
const DEFERRED = [
    /node_modules\/@modelcontextprotocol\/sdk\//, /node_modules\/zod\//, /node_modules\/ajv\//,
    /node_modules\/@agentclientprotocol\/sdk\//, /packages\/agent-api\//, /packages\/acp-client\//
];

/**
 * The engine's light entries (acp-client's `exports` other than its main one: the agent table, the permission
 * answers) are data and small functions that import nothing: the chat reads them at start on purpose. Only those
 * files themselves are allowed; anything they pulled in from the engine would still fail.
 */
const LIGHT_ENTRIES = (() => {
    const manifest = require('./packages/acp-client/package.json');
    return new Set(Object.entries(manifest.exports ?? {}).filter(([key, target]) => key !== '.' && typeof target === 'object')
        .map(([, target]) => path.join(repo, 'packages/acp-client', target.default).split(path.sep).join('/')));
})();

async function bundleInputs(entry) {
    const result = await esbuild.build({
        absWorkingDir: repo, entryPoints: [path.join(repo, entry)], bundle: true, write: false, metafile: true, platform: 'node',
        format: 'cjs', mainFields: ['node', 'module', 'main'], logLevel: 'silent',
        // Theia itself is in the app's bundle with or without us; leaving it out keeps this quick. keytar is
        // Theia core's native credential module (the chat's key store reaches it by a dynamic import):
        // Theia's build copies it as a native module, and esbuild has no loader for its `.node` file.
        external: ['@theia/*', 'electron', 'keytar']
    });
    return Object.keys(result.metafile.inputs).map(input => path.resolve(repo, input).split(path.sep).join('/'));
}

describe('backend start cost: what our backend modules put in the Theia bundle', function () {
    this.timeout(120_000);

    for (const [name, entry] of Object.entries(BACKEND_ENTRIES)) {
        it(`${name}: none of the first-use engines is bundled`, async () => {
            const inputs = await bundleInputs(entry);
            assert.ok(inputs.some(input => input.includes('/packages/')), `the bundle of ${entry} holds our code`);
            const parsedAtStart = inputs.filter(input => DEFERRED.some(pattern => pattern.test(input)) && !LIGHT_ENTRIES.has(input));
            assert.deepEqual(parsedAtStart.slice(0, 10), [], `${parsedAtStart.length} inputs of first-use engines in the bundle of ${entry}`);
        });
    }

    it('the deferred modules resolve from the app folders (where the bundle requires them at run time)', () => {
        for (const app of ['browser-app', 'electron-app']) {
            const fromApp = createRequire(path.join(repo, app, 'lib/backend/main.js'));
            for (const id of ['@modelcontextprotocol/sdk/server/mcp.js', '@modelcontextprotocol/sdk/validation/ajv',
                '@modelcontextprotocol/sdk/server/index.js', '@modelcontextprotocol/sdk/types.js', 'zod',
                '@agentclientprotocol/sdk', '@ai-cli-companion/acp-client', '@ai-cli-companion/agent-api']) {
                assert.ok(fromApp.resolve(id), `${id} from ${app}`);
            }
        }
        assert.ok(require.resolve('esbuild'));
    });
});
