import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Container } from '@theia/core/shared/inversify';
import { AcpApiKeys, ApiKeyFilePath } from './api-keys';
import { CredentialStoreUnavailableError, SecretServiceKeyStore } from './secret-service-key-store';

describe('the chat agents\' API keys without a Secret Service', () => {
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    let keys: AcpApiKeys;
    let store: SecretServiceKeyStore;
    let dir: string;
    let keyFile: string;

    before(() => {
        // A bus that is not there: what a desktop without a keyring daemon (or a container) gives keytar.
        process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/ai-cli-companion-test-bus';
        dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-api-keys-'));
        keyFile = path.join(dir, 'config', 'ai-cli-companion', 'chat-agent-api-keys.json');
        const container = new Container();
        container.bind(ApiKeyFilePath).toConstantValue(async () => keyFile);
        container.bind(SecretServiceKeyStore).toSelf().inSingletonScope();
        container.bind(AcpApiKeys).toSelf().inSingletonScope();
        keys = container.get(AcpApiKeys);
        store = container.get(SecretServiceKeyStore);
    });

    after(() => {
        fs.rmSync(dir, { recursive: true, force: true });
        if (saved === undefined) {
            delete process.env.DBUS_SESSION_BUS_ADDRESS;
        } else {
            process.env.DBUS_SESSION_BUS_ADDRESS = saved;
        }
    });

    it('says why a key cannot be kept, instead of keeping it in memory as Theia\'s store would', async () => {
        assert.match(await keys.problem() ?? '', /^the system's credential store cannot be reached \(.+\)$/);
        await assert.rejects(keys.set('GeminiCLI', 'secret-key'), CredentialStoreUnavailableError);
        // Theia's own KeyStoreServiceImpl would now answer from memory; this one has nothing to answer.
        await assert.rejects(store.getPassword('ai-cli-companion.chat-agent-api-key', 'GeminiCLI'), CredentialStoreUnavailableError);
        assert.equal(fs.existsSync(keyFile), false, 'no file without the user\'s consent');
    });

    it('keeps the key in a 0600 file in the config folder once the user agreed, hands it to the agent, and forgets it', async () => {
        assert.equal(await keys.keyFile(), keyFile);
        assert.equal(await keys.set('GeminiCLI', 'secret-key', true), keyFile);
        if (process.platform !== 'win32') {
            assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
            assert.equal(fs.statSync(path.dirname(keyFile)).mode & 0o777, 0o700);
        }
        assert.deepEqual(await keys.agentIds(), ['GeminiCLI']);
        assert.deepEqual(await keys.environmentFor('GeminiCLI', 'GEMINI_API_KEY'), { GEMINI_API_KEY: 'secret-key' });
        assert.equal(keys.scrub('said secret-key'), 'said <api key>');
        assert.equal(await keys.forget('GeminiCLI'), true);
        assert.equal(fs.existsSync(keyFile), false);
        assert.deepEqual(await keys.environmentFor('GeminiCLI', 'GEMINI_API_KEY'), {});
    });

    it('goes to the agreed file also when a keyring that had worked went away (keytar\'s own error)', async () => {
        const gone = Object.assign(Object.create(store) as SecretServiceKeyStore, {
            setPassword: async () => { throw new Error('Cannot create an item in a locked collection'); }
        });
        const container = new Container();
        container.bind(ApiKeyFilePath).toConstantValue(async () => keyFile);
        container.bind(SecretServiceKeyStore).toConstantValue(gone);
        container.bind(AcpApiKeys).toSelf();
        const afterKeyringLeft = container.get(AcpApiKeys);
        await assert.rejects(afterKeyringLeft.set('QwenCode', 'other-key'), /locked collection/);
        assert.equal(await afterKeyringLeft.set('QwenCode', 'other-key', true), keyFile);
        assert.equal(await afterKeyringLeft.forget('QwenCode'), true);
    });

    it('starts the agent with no key variable, and scrubs only keys it handed out', async () => {
        assert.deepEqual(await keys.environmentFor('GeminiCLI', 'GEMINI_API_KEY'), {});
        assert.deepEqual(await keys.environmentFor('Custom', undefined), {});
        assert.equal(keys.scrub('nothing to hide'), 'nothing to hide');
    });
});
