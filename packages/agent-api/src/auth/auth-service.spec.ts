import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { AGENT_PROFILES } from '@ai-cli-companion/acp-client';
import { AuthService } from './auth-service';
import { CredentialStore, MemoryCredentialStore, NoCredentialStore, chooseCredentialStore } from './credential-store';
import { FileCredentialStore } from './file-credential-store';

class BrokenKeychain implements CredentialStore {
    readonly description = 'OS keychain';
    async get(): Promise<string | undefined> { throw new Error('no Secret Service'); }
    async set(): Promise<void> { throw new Error('no Secret Service'); }
    async delete(): Promise<void> { throw new Error('no Secret Service'); }
}

describe('credential stores and AuthService', () => {
    let dir: string;
    before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creds-')); });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('uses a keychain that round-trips (here an in-memory one), leaving no probe entry behind', async () => {
        const keychain = new MemoryCredentialStore();
        const chosen = await chooseCredentialStore(keychain, new FileCredentialStore(path.join(dir, 'unused.json')), () => assert.fail('no warning'));
        assert.equal(chosen, keychain);
        assert.equal(keychain.entries.size, 0);
        const auth = new AuthService(chosen, AGENT_PROFILES.gemini, {});
        await auth.configure({ authType: 'gemini-api-key', apiKey: 'key-in-keychain-123' });
        assert.deepEqual(JSON.parse(keychain.entries.get('auth-config')!), { authType: 'gemini-api-key', apiKey: 'key-in-keychain-123' });
        assert.deepEqual(await auth.environment(), { GEMINI_API_KEY: 'key-in-keychain-123' });
        assert.equal(fs.existsSync(path.join(dir, 'unused.json')), false);
    });

    it('falls back to a 0600 file when the keychain fails, and says so', async () => {
        const warnings: string[] = [];
        const file = path.join(dir, 'sub', 'credentials.json');
        const chosen = await chooseCredentialStore(new BrokenKeychain(), new FileCredentialStore(file), message => warnings.push(message));
        assert.match(warnings[0], /No OS keychain is reachable \(no Secret Service\)/);
        await chosen.set('k', 'v');
        assert.equal(fs.statSync(file).mode & 0o777, 0o600);
        assert.equal(await new FileCredentialStore(file).get('k'), 'v');
        await chosen.delete('k');
        assert.equal(fs.existsSync(file), false);
    });

    it('without consent to a file, no keychain keeps nothing: setting a key is refused with how to agree, and nothing is written', async () => {
        const warnings: string[] = [];
        const chosen = await chooseCredentialStore(new BrokenKeychain(), new NoCredentialStore('keys go to a file only with your consent (set it)'),
            message => warnings.push(message));
        assert.match(warnings[0], /secrets: nowhere: keys go to a file only with your consent/);
        const auth = new AuthService(chosen, AGENT_PROFILES.gemini, {});
        await assert.rejects(auth.configure({ authType: 'gemini-api-key', apiKey: 'key-with-no-home-1234' }),
            (error: Error & { status?: number }) => error.status === 503 && /were not stored\. Nothing can be stored: keys go to a file only with your consent \(set it\)/.test(error.message));
        assert.deepEqual(await auth.environment(), {}, 'no key in the agent\'s environment, not even for this run');
        const files = (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter(entry => entry.isFile());
        assert.deepEqual(files.map(entry => entry.name), [], 'no file anywhere');
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
