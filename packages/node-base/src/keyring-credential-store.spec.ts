import * as assert from 'assert';
import { keychainProblem } from './credential-policy';
import { KEYS_IN_FILE_PREFERENCE, LEGACY_KEYS_IN_FILE_PREFERENCE, keysInFileConsent } from './credential-consent';
import { KeyringCredentialStore } from './keyring-credential-store';

describe('the OS keychain through @napi-rs/keyring', () => {
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    afterEach(() => {
        if (saved === undefined) {
            delete process.env.DBUS_SESSION_BUS_ADDRESS;
        } else {
            process.env.DBUS_SESSION_BUS_ADDRESS = saved;
        }
    });

    it('without a Secret Service, fails the probe and every call (no in-memory fallback, no kernel keyring)', async function () {
        if (process.platform !== 'linux') {
            this.skip();
        }
        // A bus that is not there: what a container or an SSH session without a keyring daemon gives the binding.
        process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/ai-cli-companion-test-bus';
        const store = new KeyringCredentialStore('ai-cli-companion-test');
        assert.match(await keychainProblem(store) ?? '', /DBus|D-Bus|connect/i);
        await assert.rejects(store.set('k', 'v'));
        await assert.rejects(store.get('k'), 'no value from memory either');
        await assert.rejects(store.delete('k'));
    });
});

describe('the consent to the 0600 key file (Theia\'s user setting)', () => {
    const consent = (values: Record<string, unknown>) => keysInFileConsent(name => values[name]);

    it('is the shared setting, else its first name (the Agent API\'s), else no', () => {
        assert.equal(consent({}), false);
        assert.equal(consent({ [KEYS_IN_FILE_PREFERENCE]: true }), true);
        assert.equal(consent({ [LEGACY_KEYS_IN_FILE_PREFERENCE]: true }), true);
        assert.equal(consent({ [KEYS_IN_FILE_PREFERENCE]: false, [LEGACY_KEYS_IN_FILE_PREFERENCE]: true }), false, 'the shared one decides once set');
        assert.equal(consent({ [KEYS_IN_FILE_PREFERENCE]: 'yes' }), false, 'only true agrees');
    });
});
