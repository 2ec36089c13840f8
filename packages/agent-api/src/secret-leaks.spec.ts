import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { UnreachableKeychain, removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { RunningAgentApi, startAgentApi } from './agent-api';

describe('the Agent API keeps secrets out of execute-command (in process, a real shell)', () => {
    let dir: string;
    let api: RunningAgentApi;
    const hidden = {
        PGPASSWORD: 'pg-password-0123', AZURE_OPENAI_APIKEY: 'azure-key-0123456', npm_config__authToken: 'npm-token-0123456',
        DATABASE_URL: 'postgres://app:db-password-0123@localhost:5432/app', MY_SECRET_TOKEN: 'my-secret-0123456'
    };

    const post = async (route: string, body: object) => {
        const response = await fetch(`${api.url}${route}`, {
            method: 'POST', headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body)
        });
        return { status: response.status, json: await response.json() as Record<string, unknown> };
    };
    const run = async (command: string) => {
        const answer = await post('/execute-command', { command, shell: true });
        assert.equal(answer.status, 200, JSON.stringify(answer.json));
        return answer.json.output as string;
    };

    before(async () => {
        dir = tempFolder('agent-api-secrets-', { real: true });
        fs.mkdirSync(path.join(dir, 'ws'));
        api = await startAgentApi({
            workspaces: [path.join(dir, 'ws')], port: 0, tokenFile: path.join(dir, 'token'), enableExecuteCommand: true,
            keychain: new UnreachableKeychain(), // secrets land in the 0600 file, which a command can `cat`
            credentialFile: path.join(dir, 'config', 'credentials.json'), credentialFileAllowed: true,
            env: { PATH: process.env.PATH, HOME: dir, PLAIN_SETTING: 'plain-value', ...hidden }
        });
    });

    after(async () => {
        await api?.stop();
        removeFolder(dir);
    });

    it('runs commands without credential-named variables or URLs with credentials, and redacts their values if echoed', async () => {
        const env = await run('env');
        assert.match(env, /^PLAIN_SETTING=plain-value$/m, 'env did run');
        for (const name of Object.keys(hidden)) {
            assert.doesNotMatch(env, new RegExp(`^${name}=`, 'm'), name);
        }
        const echoed = await run(`echo ${Object.values(hidden).join(' ')} db-password-0123`);
        assert.equal(echoed, `${Array(Object.keys(hidden).length + 1).fill('[redacted]').join(' ')}\n`);
    });

    it('a key set through POST /auth/config after the start is redacted from then on (cat of the credentials file)', async () => {
        const key = 'runtime-key-5c1d9e0a7b';
        const configured = await post('/auth/config', { authType: 'gemini-api-key', apiKey: key });
        assert.equal(configured.status, 200, JSON.stringify(configured.json));
        const file = path.join(dir, 'config', 'credentials.json');
        assert.ok(fs.readFileSync(file, 'utf8').includes(key), 'the key is in the file');
        const printed = await run(`cat '${file}'`);
        assert.ok(!printed.includes(key), printed);
        assert.match(printed, /\[redacted\]/);
    });
});
