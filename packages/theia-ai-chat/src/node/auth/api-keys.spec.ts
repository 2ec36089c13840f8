import * as assert from 'assert';
import { Container } from '@theia/core/shared/inversify';
import { AcpApiKeys } from './api-keys';
import { CredentialStoreUnavailableError, SecretServiceKeyStore } from './secret-service-key-store';

describe('the chat agents\' API keys without a Secret Service', () => {
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    let keys: AcpApiKeys;
    let store: SecretServiceKeyStore;

    before(() => {
        // A bus that is not there: what a desktop without a keyring daemon (or a container) gives keytar.
        process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/ai-cli-companion-test-bus';
        const container = new Container();
        container.bind(SecretServiceKeyStore).toSelf().inSingletonScope();
        container.bind(AcpApiKeys).toSelf().inSingletonScope();
        keys = container.get(AcpApiKeys);
        store = container.get(SecretServiceKeyStore);
    });

    after(() => {
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
    });

    it('starts the agent with no key variable, and scrubs only keys it handed out', async () => {
        assert.deepEqual(await keys.environmentFor('GeminiCLI', 'GEMINI_API_KEY'), {});
        assert.deepEqual(await keys.environmentFor('Custom', undefined), {});
        assert.equal(keys.scrub('nothing to hide'), 'nothing to hide');
    });
});
