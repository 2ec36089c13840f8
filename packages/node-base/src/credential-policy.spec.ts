import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { UnreachableKeychain, removeFolder, tempFolder } from './test-support';
import { CredentialStore, FileCredentialStore, MemoryCredentialStore, chooseCredentialStore } from './credential-policy';

describe('the credential policy', () => {
    let dir: string;
    let file: string;
    let warnings: string[];
    const policy = (keychain: CredentialStore | undefined, consent: boolean) =>
        ({ keychain, file, consent, howToConsent: 'start with --keys-in-file', warn: (message: string) => warnings.push(message) });
    beforeEach(() => {
        dir = tempFolder('credential-policy-');
        file = path.join(dir, 'sub', 'credentials.json');
        warnings = [];
    });
    afterEach(() => removeFolder(dir));

    it('a keychain that round-trips is used, with or without consent to a file, and keeps no probe entry', async () => {
        for (const consent of [false, true]) {
            const keychain = new MemoryCredentialStore();
            assert.equal(await chooseCredentialStore(policy(keychain, consent)), keychain);
            assert.equal(keychain.entries.size, 0);
        }
        assert.deepEqual(warnings, []);
        assert.equal(fs.existsSync(path.dirname(file)), false);
    });

    it('no keychain and consent: the 0600 file, and the log says so', async () => {
        const chosen = await chooseCredentialStore(policy(new UnreachableKeychain(), true));
        assert.ok(chosen instanceof FileCredentialStore);
        assert.match(warnings[0], /^No OS keychain is reachable \(no Secret Service\); secrets: file .*credentials\.json\.$/);
        await chosen.set('k', 'v');
        assert.equal(fs.statSync(file).mode & 0o777, 0o600);
        assert.equal(await new FileCredentialStore(file).get('k'), 'v');
    });

    it('no keychain and no consent: nothing is kept, and setting a key says how to agree; no file is written', async () => {
        for (const keychain of [new UnreachableKeychain(), undefined]) {
            const chosen = await chooseCredentialStore(policy(keychain, false));
            assert.match(chosen.description, /^nowhere: no keychain is reachable, and keys are kept in the 0600 file .* only with your consent \(start with --keys-in-file\)$/);
            await assert.rejects(chosen.set('k', 'v'), /^Error: Nothing can be stored: .*--keys-in-file/);
            assert.equal(await chosen.get('k'), undefined);
        }
        assert.match(warnings[0], /No OS keychain is reachable \(no Secret Service\); secrets: nowhere: .*--keys-in-file/);
        assert.match(warnings[1], /this platform has no keychain binding/);
        assert.equal(fs.existsSync(path.dirname(file)), false, 'no file, no folder');
    });
});
