import 'reflect-metadata';
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Container } from '@theia/core/shared/inversify';
import { ILogger } from '@theia/core/lib/common/logger';
import { MemoryCredentialStore } from '@ai-cli-companion/agent-api';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { AgentApiSettings } from '../common/agent-api-protocol';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { AgentApiKeychain, AgentApiServiceImpl } from './agent-api-service-impl';

describe('AgentApiServiceImpl', () => {
    let dir: string;
    let service: AgentApiServiceImpl;
    let credentials: MemoryCredentialStore;
    /** The user's and the workspace's settings, as the backend's PreferenceService tells them. */
    let user: Record<string, unknown>;
    const workspace: Record<string, unknown> = {};
    const previousConfig = process.env.XDG_CONFIG_HOME;

    beforeEach(() => {
        dir = tempFolder('theia-agent-api-', { real: true });
        process.env.XDG_CONFIG_HOME = path.join(dir, 'config');
        const container = new Container();
        const messages: string[] = [];
        const silent = { info: (m: string) => messages.push(m), warn: (m: string) => messages.push(m), error: (m: string) => messages.push(m) };
        container.bind(ILogger).toConstantValue(silent as unknown as ILogger).whenTargetNamed('ai-cli-agent-api');
        credentials = new MemoryCredentialStore();
        container.bind(AgentApiKeychain).toConstantValue(credentials);
        user = {};
        container.bind(PreferenceService).toConstantValue({
            inspect: (name: string) => ({ preferenceName: name, globalValue: user[name], workspaceValue: workspace[name] })
        } as unknown as PreferenceService);
        container.bind(AgentApiServiceImpl).toSelf().inSingletonScope();
        service = container.get(AgentApiServiceImpl);
    });

    afterEach(async () => {
        await service.onStop();
        process.env.XDG_CONFIG_HOME = previousConfig;
        removeFolder(dir);
    });

    const settings = (overrides: Partial<AgentApiSettings> = {}): AgentApiSettings => ({
        enabled: true, agent: 'gemini', port: 0, enableExecuteCommand: false, allowedOrigins: [], workspaces: [dir], ...overrides
    });

    it('is off until enabled, then serves the workspace with a token, using the bound keychain', async () => {
        assert.equal((await service.apply(settings({ enabled: false }))).running, false);
        const status = await service.apply(settings());
        assert.equal(status.running, true);
        assert.equal(status.credentialStore, 'memory', 'the bound keychain (here an in-memory stand-in for the OS keychain) is used');
        const token = fs.readFileSync(status.tokenFile!, 'utf8');
        const response = await fetch(`${status.url}/status`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(response.status, 200);
        assert.equal((await response.json()).status, 'ok');
        assert.equal((await fetch(`${status.url}/status`)).status, 401);
    });

    it('drives an agent of the user\'s aiCliChat.agents by its name, looked up in the user settings only (issue 32 part 5)', async () => {
        const entry = { name: 'MyAgent', command: process.execPath, args: ['--version'] };
        workspace['aiCliChat.agents'] = [entry];
        const unknown = await service.apply(settings({ agent: 'MyAgent' }));
        assert.equal(unknown.running, false);
        assert.match(unknown.error ?? '', /No agent "MyAgent": aiCliAgentApi\.agent is gemini, qwen, copilot or the name of an entry of aiCliChat\.agents in your user settings/,
            'a workspace\'s settings cannot name the program');
        user['aiCliChat.agents'] = [entry];
        const status = await service.apply(settings({ agent: 'MyAgent', port: 0, allowedOrigins: ['http://localhost:5173'] }));
        assert.equal(status.running, true, status.error);
        assert.equal(status.agent, 'MyAgent');
        const token = fs.readFileSync(status.tokenFile!, 'utf8');
        const answer = await (await fetch(`${status.url}/status`, { headers: { authorization: `Bearer ${token}` } })).json();
        assert.equal(answer.agent, 'MyAgent');
        user['aiCliChat.agents'] = [{ ...entry, env: { NODE_OPTIONS: '--require=/tmp/evil.js' } }];
        const unsafe = await service.apply(settings({ agent: 'MyAgent', port: 0 }));
        assert.equal(unsafe.running, false);
        assert.match(unsafe.error ?? '', /MyAgent sets NODE_OPTIONS in its environment, which would run other code/);
    });

    it('keeps the server for unchanged settings, restarts it for new ones, stops it when disabled', async () => {
        const first = await service.apply(settings());
        assert.equal((await service.apply(settings())).url, first.url);
        const second = await service.apply(settings({ enableExecuteCommand: true }));
        assert.equal(second.running, true);
        assert.equal(second.executeCommand, true);
        assert.equal(fs.existsSync(first.tokenFile!) && first.tokenFile !== second.tokenFile, false);
        const off = await service.apply(settings({ enabled: false }));
        assert.equal(off.running, false);
        assert.equal(fs.existsSync(second.tokenFile!), false, 'the token file goes with the server');
        assert.equal((await service.apply(settings({ workspaces: [] }))).error, 'No workspace folder is open.');
    });

    it('with no keychain, keys go to the 0600 file only after the user agreed (aiCliCompanion.keysInFile, shared with the chat); otherwise nowhere, and it says so', async () => {
        credentials.set = async () => { throw new Error('no Secret Service'); };
        const refused = await service.apply(settings());
        assert.equal(refused.running, true);
        assert.match(refused.credentialStore ?? '', /^nowhere: no keychain is reachable, .*set "aiCliCompanion\.keysInFile": true in your user settings to agree/);
        const token = fs.readFileSync(refused.tokenFile!, 'utf8');
        const setKey = await fetch(`${refused.url}/auth/config`, {
            method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ authType: 'gemini-api-key', apiKey: 'key-with-no-home-1234' })
        });
        assert.equal(setKey.status, 503);
        assert.match(JSON.stringify(await setKey.json()), /aiCliCompanion\.keysInFile/);
        const file = path.join(dir, 'config', 'ai-cli-agent-api', 'credentials.json');
        assert.equal(fs.existsSync(file), false, 'nothing written without consent');
        const agreed = await service.apply(settings({ keysInFile: true }));
        assert.equal(agreed.credentialStore, `file ${file}`);
    });

    it('refuses origins the command line would refuse, "null" included, and says which', async () => {
        for (const origin of ['null', '*', 'http://x.example/path']) {
            const status = await service.apply(settings({ allowedOrigins: ['http://localhost:5173', origin] }));
            assert.equal(status.running, false, origin);
            assert.ok(status.error?.includes(JSON.stringify(origin)), status.error);
        }
        assert.equal((await service.apply(settings({ allowedOrigins: ['http://localhost:5173'] }))).running, true);
    });
});
