import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { AGENT_PROFILES } from '@ai-cli-companion/acp-client';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { AuthService } from './auth-service';
import { MemoryCredentialStore, NoCredentialStore } from './credential-store';

describe('AuthService', () => {
    let dir: string;
    before(() => { dir = tempFolder('creds-'); });
    after(() => removeFolder(dir));

    it('keeps the configuration in its store and hands the key to the agent\'s environment', async () => {
        const keychain = new MemoryCredentialStore();
        const auth = new AuthService(keychain, AGENT_PROFILES.gemini, {});
        await auth.configure({ authType: 'gemini-api-key', apiKey: 'key-in-keychain-123' });
        assert.deepEqual(JSON.parse(keychain.entries.get('auth-config')!), { authType: 'gemini-api-key', apiKey: 'key-in-keychain-123' });
        assert.deepEqual(await auth.environment(), { GEMINI_API_KEY: 'key-in-keychain-123' });
    });

    it('with nowhere to keep a key (the policy\'s answer without consent), setting one is refused with how to agree', async () => {
        const auth = new AuthService(new NoCredentialStore('keys go to a file only with your consent (set it)'), AGENT_PROFILES.gemini, {});
        await assert.rejects(auth.configure({ authType: 'gemini-api-key', apiKey: 'key-with-no-home-1234' }),
            (error: Error & { status?: number }) => error.status === 503 && /were not stored\. Nothing can be stored: keys go to a file only with your consent \(set it\)/.test(error.message));
        assert.deepEqual(await auth.environment(), {}, 'no key in the agent\'s environment, not even for this run');
    });

    it('maps each auth type to the agent\'s environment; qwen\'s key becomes OPENAI_API_KEY', async () => {
        const qwen = new AuthService(new MemoryCredentialStore(), AGENT_PROFILES.qwen, {});
        await qwen.configure({ authType: 'gemini-api-key', apiKey: 'qwen-key-0000000' });
        assert.deepEqual(await qwen.environment(), { OPENAI_API_KEY: 'qwen-key-0000000' });
        const vertex = new AuthService(new MemoryCredentialStore(), AGENT_PROFILES.gemini, {});
        await vertex.configure({ authType: 'vertex-ai', googleCloudProject: 'p', googleCloudLocation: 'l' });
        assert.deepEqual(await vertex.environment(), { GOOGLE_GENAI_USE_VERTEXAI: 'true', GOOGLE_CLOUD_PROJECT: 'p', GOOGLE_CLOUD_LOCATION: 'l' });
        assert.deepEqual(await vertex.status(), { isAuthenticated: true, authType: 'vertex-ai', hasApiKey: false, hasGoogleCloudConfig: true });
    });

    it('accepts oauth-personal only when the CLI has a cached login', async () => {
        const home = fs.mkdtempSync(path.join(dir, 'home-'));
        const auth = new AuthService(new MemoryCredentialStore(), AGENT_PROFILES.gemini, { HOME: home });
        await assert.rejects(auth.configure({ authType: 'oauth-personal' }), /Login with Google/);
        fs.mkdirSync(path.join(home, '.gemini'));
        fs.writeFileSync(path.join(home, '.gemini', 'oauth_creds.json'), '{}');
        await auth.configure({ authType: 'oauth-personal' });
        assert.deepEqual(await auth.environment(), { GOOGLE_GENAI_USE_GCA: 'true' });
        assert.equal((await auth.status()).isAuthenticated, true);
    });
});
