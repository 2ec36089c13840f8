// The companion's MCP server alone in a child process, so a test can tell a crash (the child exits)
// from a refusal. Discovery files go under the given root. Prints one JSON line: port and a token.
import { startTestEndpoint } from './test-endpoint.mjs';

const root = process.argv[2];
const endpoint = await startTestEndpoint({ host: { env: {}, homedir: `${root}/home`, tmpdir: `${root}/tmp` }, roots: [root] });
process.stdout.write(`${JSON.stringify({ port: endpoint.port, token: endpoint.terminalEnv().GEMINI_CLI_IDE_AUTH_TOKEN })}\n`);
process.on('SIGTERM', () => void endpoint.stop().then(() => process.exit(0)));
