import { CompanionEndpoint } from '@ai-cli-companion/core';
import { CliPty, findCliBinary } from './support/cli-pty.mjs';
import { CliHome, cleanProcessEnv } from './support/cli-home.mjs';
import { FakeGeminiApi } from './support/fake-gemini-api.mjs';
const home = CliHome.create(); home.setUpGemini();
const fake = await FakeGeminiApi.start();
const ep = new CompanionEndpoint({ host: home.host });
await ep.start(); ep.setWorkspace({ roots: [home.workspace] });
const env = { ...cleanProcessEnv(), ...home.env, ...ep.terminalEnv(), GEMINI_API_KEY: 'dummy', GOOGLE_GEMINI_BASE_URL: fake.baseUrl };
console.log(ep.terminalEnv());
const cli = CliPty.spawn({ command: findCliBinary('gemini'), cwd: home.workspace, env });
try {
  await cli.waitForText(/Type your message/, 60000);
  console.log(cli.screen());
  await cli.submit('/ide enable');
  await new Promise(r => setTimeout(r, 5000)); console.log(cli.screen());
  await cli.submit('/ide status');
  await new Promise(r => setTimeout(r, 5000)); console.log(cli.screen());
  console.log(ep.status());
  console.log(fake.requests.map(r => r.method + ' ' + r.url));
} catch (e) { console.log(e.message); }
await cli.kill(); await ep.stop(); await fake.close(); home.cleanup(); process.exit(0);
