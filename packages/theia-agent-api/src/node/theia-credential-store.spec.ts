import * as assert from 'assert';
import { Container } from '@theia/core/shared/inversify';
import { KeyStoreService } from '@theia/core/lib/common/key-store';
import { KeyStoreServiceImpl } from '@theia/core/lib/node/key-store-server';
import { chooseCredentialStore } from '@ai-cli-companion/agent-api';
import { TheiaCredentialStore } from './theia-credential-store';

describe('the Agent API\'s Theia credential store without a Secret Service', () => {
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    before(() => { process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/ai-cli-agent-api-test-bus'; });
    after(() => {
        if (saved === undefined) {
            delete process.env.DBUS_SESSION_BUS_ADDRESS;
        } else {
            process.env.DBUS_SESSION_BUS_ADDRESS = saved;
        }
    });

    it('refuses instead of keeping secrets in memory as Theia\'s store would, so the Agent API says where they go', async () => {
        const container = new Container();
        container.bind(KeyStoreService).to(KeyStoreServiceImpl).inSingletonScope();
        container.bind(TheiaCredentialStore).toSelf().inSingletonScope();
        const store = container.get(TheiaCredentialStore);
        await assert.rejects(store.set('k', 'v'), /the system's credential store cannot be reached/);
        const warnings: string[] = [];
        const chosen = await chooseCredentialStore({ keychain: store, file: '/home/u/.config/ai-cli-agent-api/credentials.json', consent: false,
            howToConsent: 'set it', warn: message => warnings.push(message) });
        assert.match(chosen.description, /^nowhere: /);
        assert.match(warnings[0], /^No Theia credential store is reachable \(the system's credential store cannot be reached .*\); secrets: nowhere: /);
    });
});
