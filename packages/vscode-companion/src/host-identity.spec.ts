import * as assert from 'assert';
import { HostFacts, identifyHost } from './host-identity';

const facts = (over: Partial<HostFacts>): HostFacts => ({
    appName: 'Theia IDE', uriScheme: 'theia', env: {}, pid: 300, ppid: 200,
    parentOf: pid => (pid === 200 ? 100 : undefined), platform: 'linux', ...over
});

describe('identifyHost', () => {
    it('in Theia names the host by its application name and uses the backend\'s parent as IDE PID', () => {
        const host = identifyHost(facts({}));
        assert.deepStrictEqual(host, { isTheia: true, ideInfo: { name: 'theia', displayName: 'Theia IDE' }, idePid: 100 });
    });

    it('in Theia falls back to the backend when the backend is a child of init (container as PID 1)', () => {
        assert.strictEqual(identifyHost(facts({ parentOf: () => 1 })).idePid, 200);
        assert.strictEqual(identifyHost(facts({ parentOf: () => undefined })).idePid, 200);
    });

    it('recognises a Theia product that changed its URI scheme by THEIA_PARENT_PID', () => {
        const host = identifyHost(facts({ appName: 'My Product', uriScheme: 'myproduct', env: { THEIA_PARENT_PID: '5' } }));
        assert.strictEqual(host.isTheia, true);
        assert.deepStrictEqual(host.ideInfo, { name: 'theia', displayName: 'My Product' });
    });

    it('in VS Code uses the extension host\'s parent, the main process', () => {
        const host = identifyHost(facts({ appName: 'Visual Studio Code', uriScheme: 'vscode' }));
        assert.deepStrictEqual(host, { isTheia: false, ideInfo: { name: 'vscode', displayName: 'Visual Studio Code' }, idePid: 200 });
    });
});
