import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Container } from '@theia/core/shared/inversify';
import { MemoryCredentialStore } from '@ai-cli-companion/node-base';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { AcpApiKeys, ApiKeyFileConsent, ApiKeyFilePath, ApiKeyKeychain } from './api-keys';

/** An OS keychain stand-in that can stop answering, as a Secret Service does when its daemon goes. */
class Keychain extends MemoryCredentialStore {
    reachable = true;
    override async get(key: string): Promise<string | undefined> { this.check(); return super.get(key); }
    override async set(key: string, value: string): Promise<void> { this.check(); return super.set(key, value); }
    override async delete(key: string): Promise<void> { this.check(); return super.delete(key); }
    override async names(): Promise<string[]> { this.check(); return super.names(); }
    protected check(): void {
        if (!this.reachable) {
            throw new Error('DBus error: Failed to connect to socket');
        }
    }
}

describe('the chat agents\' API keys (node-base\'s credential policy)', () => {
    let keys: AcpApiKeys;
    let keychain: Keychain;
    let consent: boolean;
    let dir: string;
    let keyFile: string;

    beforeEach(() => {
        dir = tempFolder('chat-api-keys-');
        keyFile = path.join(dir, 'config', 'ai-cli-companion', 'chat-agent-api-keys.json');
        keychain = new Keychain();
        consent = false;
        const container = new Container();
        container.bind(ApiKeyKeychain).toConstantValue(keychain);
        container.bind(ApiKeyFilePath).toConstantValue(async () => keyFile);
        container.bind(ApiKeyFileConsent).toConstantValue(() => consent);
        container.bind(AcpApiKeys).toSelf().inSingletonScope();
        keys = container.get(AcpApiKeys);
    });

    afterEach(() => removeFolder(dir));

    it('keeps a key in the keychain when it answers, with or without consent to the file, and forgets it there', async () => {
        assert.equal(await keys.problem(), undefined);
        assert.deepEqual(await keys.storage(), { kind: 'keychain' });
        assert.equal(await keys.set('GeminiCLI', 'secret-key'), 'credential store');
        assert.equal(keychain.entries.get('GeminiCLI'), 'secret-key');
        assert.deepEqual(await keys.agentIds(), ['GeminiCLI']);
        assert.deepEqual(await keys.environmentFor('GeminiCLI', 'GEMINI_API_KEY'), { GEMINI_API_KEY: 'secret-key' });
        assert.equal(await keys.forget('GeminiCLI'), true);
        assert.equal(await keys.forget('GeminiCLI'), false);
        assert.equal(fs.existsSync(path.dirname(keyFile)), false, 'no file while the keychain answers');
    });

    it('without a keychain and without consent keeps nothing, and says how to agree (aiCliCompanion.keysInFile)', async () => {
        keychain.reachable = false;
        assert.match(await keys.problem() ?? '', /^the system's credential store cannot be reached \(DBus error: Failed to connect to socket\)$/);
        const storage = await keys.storage();
        assert.equal(storage.kind, 'nowhere');
        assert.match(storage.kind === 'nowhere' ? storage.reason : '',
            /only with your consent \(set "aiCliCompanion\.keysInFile": true in your user settings to agree\)$/);
        await assert.rejects(keys.set('GeminiCLI', 'secret-key'), /Nothing can be stored: .*aiCliCompanion\.keysInFile/);
        // Not in memory either (Theia's keytar store would have kept it there until the next restart).
        assert.deepEqual(await keys.environmentFor('GeminiCLI', 'GEMINI_API_KEY'), {});
        assert.equal(fs.existsSync(path.dirname(keyFile)), false, 'no file without the user\'s consent');
    });

    it('without a keychain and with consent keeps the key in a 0600 file in the config folder, hands it to the agent, and forgets it', async () => {
        keychain.reachable = false;
        consent = true;
        assert.deepEqual(await keys.storage(), { kind: 'file', file: keyFile });
        assert.equal(await keys.set('GeminiCLI', 'secret-key'), keyFile);
        if (process.platform !== 'win32') {
            assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
            assert.equal(fs.statSync(path.dirname(keyFile)).mode & 0o777, 0o700);
        }
        assert.deepEqual(await keys.agentIds(), ['GeminiCLI']);
        assert.deepEqual(await keys.environmentFor('GeminiCLI', 'GEMINI_API_KEY'), { GEMINI_API_KEY: 'secret-key' });
        assert.equal(keys.scrub('said secret-key'), 'said <api key>');
        assert.equal(await keys.forget('GeminiCLI'), true);
        assert.equal(fs.existsSync(keyFile), false, 'the emptied file goes');
        assert.deepEqual(await keys.environmentFor('GeminiCLI', 'GEMINI_API_KEY'), {});
    });

    it('chooses again at each write: a key kept in the file is still found once the keychain answers again', async () => {
        keychain.reachable = false;
        consent = true;
        await keys.set('QwenCode', 'file-key');
        keychain.reachable = true;
        assert.equal(await keys.set('GeminiCLI', 'keychain-key'), 'credential store');
        assert.deepEqual((await keys.agentIds()).sort(), ['GeminiCLI', 'QwenCode']);
        assert.deepEqual(await keys.environmentFor('QwenCode', 'OPENAI_API_KEY'), { OPENAI_API_KEY: 'file-key' });
        consent = false;
        assert.equal(await keys.forget('QwenCode'), true, 'forgotten from the file without consent too');
    });

    it('starts the agent with no key variable, and scrubs only keys it handed out', async () => {
        assert.deepEqual(await keys.environmentFor('GeminiCLI', 'GEMINI_API_KEY'), {});
        assert.deepEqual(await keys.environmentFor('Custom', undefined), {});
        assert.equal(keys.scrub('nothing to hide'), 'nothing to hide');
    });
});
