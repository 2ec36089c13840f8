// The companion's Copilot CLI server alone in a child process, so a test can tell a crash (the child exits)
// from a refusal. Its lock file goes under the given root. Prints one JSON line: the socket path and the nonce.
import fs from 'node:fs';
import { findProfile } from '@ai-cli-companion/core';
import { startTestEndpoint } from './test-endpoint.mjs';

const root = process.argv[2];
fs.mkdirSync(`${root}/tmp`, { recursive: true });
const endpoint = await startTestEndpoint({
    host: { env: {}, homedir: `${root}/home`, tmpdir: `${root}/tmp` }, roots: [root], profiles: [findProfile('copilot')]
});
endpoint.attachView({ show: async () => undefined, close: async () => undefined });
const lock = JSON.parse(fs.readFileSync(endpoint.status().files[0], 'utf8'));
process.stdout.write(`${JSON.stringify({ socketPath: lock.socketPath, nonce: lock.headers.Authorization.slice('Nonce '.length) })}\n`);
process.on('SIGTERM', () => void endpoint.stop().then(() => process.exit(0)));
