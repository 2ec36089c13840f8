import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { findProfile } from '../../common/client-profiles';
import { CompanionEndpoint } from '../companion-endpoint';
import { copilotLockCheck } from './copilot-lock-check';

describe('copilotLockCheck (Diagnose Connection)', () => {
    let root: string;
    let endpoint: CompanionEndpoint;

    beforeEach(async () => {
        root = tempFolder('copilot-lock-check-', { real: true });
        fs.mkdirSync(path.join(root, 'tmp'));
        endpoint = new CompanionEndpoint({
            ideInfo: { name: 'theia', displayName: 'Spec IDE' }, host: { env: {}, homedir: root, tmpdir: path.join(root, 'tmp') }, profiles: [findProfile('copilot')!]
        });
        await endpoint.start({ roots: [root] });
    });

    afterEach(async () => {
        await endpoint.stop();
        removeFolder(root);
    });

    it('passes the lock the server wrote, and names what is wrong with a damaged one', () => {
        const [file] = endpoint.status().files;
        assert.strictEqual(copilotLockCheck('Copilot CLI', file, [root], process.getuid?.()).status, 'ok');
        const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
        fs.writeFileSync(file, JSON.stringify({ ...lock, pid: 2 ** 22 + 1, socketPath: path.join(root, 'gone.sock'), headers: {}, workspaceFolders: [] }));
        fs.chmodSync(file, 0o644);
        const check = copilotLockCheck('Copilot CLI', file, [root], process.getuid?.());
        assert.strictEqual(check.status, 'error');
        const details = (check.details ?? []).join('\n');
        for (const problem of ['lets other users read the nonce', 'is not a socket', 'is not running', 'is not "Nonce <…>"', 'are not the window\'s']) {
            assert.ok(details.includes(problem), `${problem} in ${details}`);
        }
    });
});
