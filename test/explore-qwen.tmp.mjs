import { CompanionEndpoint } from '@ai-cli-companion/core';
import { CliPty, findCliBinary } from './support/cli-pty.mjs';
import { CliHome, cleanProcessEnv, qwenTestSettings } from './support/cli-home.mjs';
import { FakeGeminiApi } from './support/fake-gemini-api.mjs';
const node = process.argv[2] || process.execPath;
const home = CliHome.create(); home.setUpQwen({ security: { auth: { selectedType: 'openai' } }, ide: { enabled: false, hasSeenNudge: true }, general: { enableAutoUpdate: false }, privacy: { usageStatisticsEnabled: false } });
const fake = await FakeGeminiApi.start();
const ep = new CompanionEndpoint({ host: home.host });
await ep.start(); ep.setWorkspace({ roots: [home.workspace] });
const env = { ...cleanProcessEnv(), ...home.env, ...ep.terminalEnv(), OPENAI_API_KEY: 'dummy', OPENAI_BASE_URL: fake.baseUrl + '/v1', OPENAI_MODEL: 'fake-model' };
const cli = CliPty.spawn({ command: findCliBinary('qwen'), node, cwd: home.workspace, env });
const sleep = ms => new Promise(r => setTimeout(r, ms));
try {
  await sleep(15000);
  console.log(cli.text());
  await cli.submit('/ide enable');
  await sleep(5000); console.log(cli.screen());
  await cli.submit('/ide status');
  await sleep(5000); console.log(cli.screen());
  console.log(ep.status());
} catch (e) { console.log(e.message); }
console.log(fake.requests.map(r => r.method + ' ' + r.url));
console.log(cli.exit, cli.output.slice(-3000));
await cli.kill(); await ep.stop(); await fake.close(); home.cleanup(); process.exit(0);
