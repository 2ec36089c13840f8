import * as assert from 'assert';
import { isCredentialName, splitSecretEnvironment, urlCredentials, withoutSecrets } from './secret-env';

describe('splitSecretEnvironment (what commands run for an agent or an API client may see)', () => {
    it('knows credentials by the words of their names, in any case and without separators', () => {
        for (const name of ['GEMINI_API_KEY', 'GITHUB_TOKEN', 'AGENT_API_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'PGPASSWORD', 'AZURE_OPENAI_APIKEY',
            'npm_config__authToken', 'MYSQL_PWD', 'SMTP_PASS', 'NODE_AUTH_TOKEN', 'GOOGLE_APPLICATION_CREDENTIALS', 'SSH_PRIVATE_KEY',
            'my-secrets', 'db.password', 'apiKey', 'HTTP_AUTHORIZATION', 'SESSION_COOKIE', 'MY_SECRET_TOKEN', 'KEY']) {
            assert.equal(isCredentialName(name), true, name);
        }
        for (const name of ['PATH', 'HOME', 'PWD', 'OLDPWD', 'SSH_AUTH_SOCK', 'XAUTHORITY', 'KEYBOARD_LAYOUT', 'TOKENIZERS_PARALLELISM', 'LANG',
            'GIT_ASKPASS', 'COMPASS_HOME', 'NODE_OPTIONS', 'DATABASE_URL']) {
            assert.equal(isCredentialName(name), false, name);
        }
    });

    it('finds credentials in URLs: user and password, a token as the user, percent-encoded or not', () => {
        assert.deepEqual(urlCredentials('postgres://app:s3cr%40t-pass@db.internal:5432/app').sort(),
            ['app', 'app:s3cr%40t-pass', 's3cr%40t-pass', 's3cr@t-pass'].sort());
        assert.deepEqual(urlCredentials('git+https://ghp_0123456789abcdef@github.com/o/r.git'), ['ghp_0123456789abcdef']);
        assert.deepEqual(urlCredentials('jdbc:redis://:only-a-password@cache:6379'), [':only-a-password', 'only-a-password']);
        assert.deepEqual(urlCredentials('https://example.com/a@b and user@example.com and http://host/path'), []);
    });

    it('drops the variables named like credentials and those holding a URL with credentials, and says what it hid', () => {
        const { env, hidden } = splitSecretEnvironment({
            PATH: '/usr/bin', HOME: '/home/u', PWD: '/work', NODE_ENV: 'development', HTTP_PROXY: 'http://proxy:3128',
            PGPASSWORD: 'pg-password-1', AZURE_OPENAI_APIKEY: 'azure-key-22', npm_config__authToken: 'npm-token-333',
            DATABASE_URL: 'postgres://app:db-pass-4444@localhost/app', EMPTY_TOKEN: '', UNSET: undefined
        });
        assert.deepEqual(env, { PATH: '/usr/bin', HOME: '/home/u', PWD: '/work', NODE_ENV: 'development', HTTP_PROXY: 'http://proxy:3128' });
        assert.deepEqual(hidden.sort(), ['pg-password-1', 'azure-key-22', 'npm-token-333', 'postgres://app:db-pass-4444@localhost/app',
            'app:db-pass-4444', 'app', 'db-pass-4444'].sort());
        assert.deepEqual(withoutSecrets({ A: '1', B_TOKEN: '2' }), { A: '1' });
    });
});
