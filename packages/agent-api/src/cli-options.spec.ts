import * as assert from 'assert';
import { UsageError, parseCommandLine } from './cli-options';

describe('parseCommandLine', () => {
    it('parses every option of the documented interface', () => {
        const parsed = parseCommandLine(['serve', '--workspace', '/a', '--workspace=/b', '--agent', 'qwen', '--agent-command', '/bin/q',
            '--port', '0', '--host', '::1', '--token-file', '/t', '--allow-origin', 'http://localhost:5173', '--allow-origin', 'https://x.example',
            '--enable-execute-command']);
        assert.deepEqual(parsed, { help: false, options: {
            workspaces: ['/a', '/b'], agent: 'qwen', agentCommand: '/bin/q', port: 0, host: '::1', tokenFile: '/t', token: undefined,
            allowedOrigins: ['http://localhost:5173', 'https://x.example'], enableExecuteCommand: true
        } });
    });

    it('defaults to gemini on 18080, loopback, no origins, execute-command off; takes the token from AGENT_API_TOKEN', () => {
        const parsed = parseCommandLine(['serve', '--workspace', '/a'], { AGENT_API_TOKEN: 'a-long-enough-token-value' });
        assert.ok(!parsed.help);
        if (!parsed.help) {
            assert.equal(parsed.options.agent, 'gemini');
            assert.equal(parsed.options.port, 18080);
            assert.equal(parsed.options.host, undefined);
            assert.deepEqual(parsed.options.allowedOrigins, []);
            assert.equal(parsed.options.enableExecuteCommand, false);
            assert.equal(parsed.options.token, 'a-long-enough-token-value');
        }
    });

    it('shows help, and refuses what it does not understand with a readable message', () => {
        assert.deepEqual(parseCommandLine(['--help']), { help: true });
        assert.deepEqual(parseCommandLine([]), { help: true });
        for (const argv of [['run'], ['serve'], ['serve', '--workspace'], ['serve', '--workspace', '/a', '--agent', 'claude'],
            ['serve', '--workspace', '/a', '--port', 'x'], ['serve', '--workspace', '/a', '--port', '70000'],
            ['serve', '--workspace', '/a', '--allow-origin', '*'], ['serve', '--workspace', '/a', '--bogus']]) {
            assert.throws(() => parseCommandLine(argv), UsageError, argv.join(' '));
        }
        assert.throws(() => parseCommandLine(['serve', '--workspace', '/a'], { AGENT_API_TOKEN: 'short' }), /16 characters/);
    });
});
