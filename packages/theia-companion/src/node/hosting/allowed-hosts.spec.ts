import * as assert from 'assert';
import { AllowedHosts } from './allowed-hosts';

describe('AllowedHosts (the Theia backend\'s answer to DNS rebinding)', () => {
    const none = new AllowedHosts(undefined);

    it('serves loopback names and IP literals, on any port', () => {
        for (const host of ['localhost:3000', 'LOCALHOST:3000', 'localhost', '127.0.0.1:3000', '[::1]:3000', 'app.localhost:3000',
            '192.168.1.20:3000', '[fe80::1]', '0123-4567.webview.localhost:3000']) {
            assert.equal(none.allows(host), true, host);
        }
    });

    it('refuses any other name, and what is no Host at all', () => {
        for (const host of ['evil.example:3000', 'evil.example', '127.0.0.1.nip.io:3000', 'localhost.evil.example:3000',
            'x.webview.evil.example:3000', 'evil.example@127.0.0.1', '127.0.0.1/x', 'localhost:3000 evil', '[::1']) {
            assert.equal(none.allows(host), false, host);
        }
    });

    it('serves the names THEIA_HOSTS lists: a bare name on any port, name:port on that port only', () => {
        const hosts = new AllowedHosts(' ide.example.com , Other.Example:8443,');
        assert.equal(hosts.allows('ide.example.com'), true);
        assert.equal(hosts.allows('IDE.example.com:3000'), true);
        assert.equal(hosts.allows('other.example:8443'), true);
        assert.equal(hosts.allows('other.example:3000'), false);
        assert.equal(hosts.allows('abc.webview.ide.example.com:3000'), true);
        assert.equal(hosts.allows('evil.example:3000'), false);
        assert.equal(hosts.allows('localhost:3000'), true, 'loopback stays served');
    });

    it('lets a request without Host through: no browser sends one', () => {
        assert.equal(none.allows(undefined), true);
        assert.equal(none.allows(''), true);
    });
});
