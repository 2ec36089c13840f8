import * as assert from 'assert';
import { isLoopbackHost, nonLoopbackWarning } from './agent-api';
import { isValidOrigin } from '@ai-cli-companion/node-base';
import { HELP, UsageError, parseCommandLine } from './cli-options';

describe('parseCommandLine', () => {
    it('parses every option of the documented interface', () => {
        const parsed = parseCommandLine(['serve', '--workspace', '/a', '--workspace=/b', '--agent', 'qwen', '--agent-command', '/bin/q',
            '--port', '0', '--host', '::1', '--token-file', '/t', '--allow-origin', 'http://localhost:5173', '--allow-origin', 'https://x.example',
            '--enable-execute-command', '--keys-in-file']);
        assert.deepEqual(parsed, { help: false, options: {
            workspaces: ['/a', '/b'], agent: 'qwen', agentCommand: '/bin/q', port: 0, host: '::1', tokenFile: '/t', token: undefined,
            allowedOrigins: ['http://localhost:5173', 'https://x.example'], enableExecuteCommand: true,
            allowRemoteExecuteCommand: false, maxAgents: undefined, agentIdleTimeoutMs: undefined, credentialFileAllowed: true
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
            assert.equal(parsed.options.credentialFileAllowed, false, 'no key file without --keys-in-file');
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

    it('drives the agent table\'s Agent API agents, or an ACP agent of the user\'s own given with --agent-command (issue 32 part 5)', () => {
        const copilot = parseCommandLine(['serve', '--workspace', '/a', '--agent', 'copilot']);
        assert.ok(!copilot.help && copilot.options.agent === 'copilot');
        assert.throws(() => parseCommandLine(['serve', '--workspace', '/a', '--agent', 'codex']),
            /--agent must be gemini, qwen, copilot, or the name of an ACP agent of your own given with --agent-command, not "codex"/);
        const own = parseCommandLine(['serve', '--workspace', '/a', '--agent', 'MyAgent', '--agent-command', '/opt/my-agent', '--agent-arg', '--acp',
            '--agent-arg=--fast', '--agent-key-env', 'MY_KEY']);
        assert.ok(!own.help);
        assert.deepEqual(own.options.customAgent, { name: 'MyAgent', command: '/opt/my-agent', args: ['--acp', '--fast'], apiKeyEnv: 'MY_KEY' });
        assert.equal(own.options.agent, undefined);
        assert.throws(() => parseCommandLine(['serve', '--workspace', '/a', '--agent', 'bad name', '--agent-command', '/x']), /--agent: "name" must be one word/);
        assert.throws(() => parseCommandLine(['serve', '--workspace', '/a', '--agent', 'gemini', '--agent-arg', 'x']), /--agent-arg and --agent-key-env are for an agent of your own/);
        assert.match(HELP, /--agent NAME {13}Which agent to drive: gemini, qwen, copilot \(default: gemini\), or any ACP/);
    });

    it('refuses --enable-execute-command on a non-loopback --host, unless the dangerous flag says so', () => {
        for (const host of ['0.0.0.0', '::', '192.168.1.10', 'my-laptop.local']) {
            assert.throws(() => parseCommandLine(['serve', '--workspace', '/a', '--host', host, '--enable-execute-command']),
                /--enable-execute-command is refused with --host .*sniffed.*--dangerously-allow-remote-execute-command/, host);
            const allowed = parseCommandLine(['serve', '--workspace', '/a', '--host', host, '--enable-execute-command',
                '--dangerously-allow-remote-execute-command']);
            assert.ok(!allowed.help && allowed.options.allowRemoteExecuteCommand);
        }
        for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) {
            assert.doesNotThrow(() => parseCommandLine(['serve', '--workspace', '/a', '--host', host, '--enable-execute-command']), host);
        }
        assert.match(HELP, /--dangerously-allow-remote-execute-command\n\s+DANGEROUS/);
    });

    it('warns loudly about a non-loopback address, naming the risk', () => {
        assert.ok(!isLoopbackHost('0.0.0.0') && !isLoopbackHost('10.0.0.1') && isLoopbackHost('127.0.0.1') && isLoopbackHost('::1'));
        assert.match(nonLoopbackWarning('0.0.0.0', false), /^WARNING: .*0\.0\.0\.0.*plain HTTP.*token/);
        assert.match(nonLoopbackWarning('0.0.0.0', true), /RUN COMMANDS/);
    });

    it('takes the agent limits, named in --help', () => {
        const parsed = parseCommandLine(['serve', '--workspace', '/a', '--max-agents', '2', '--agent-idle-timeout=30']);
        assert.ok(!parsed.help && parsed.options.maxAgents === 2 && parsed.options.agentIdleTimeoutMs === 30_000);
        for (const bad of [['--max-agents', '0'], ['--max-agents', 'x'], ['--agent-idle-timeout', '-1']]) {
            assert.throws(() => parseCommandLine(['serve', '--workspace', '/a', ...bad]), UsageError, bad.join(' '));
        }
        assert.match(HELP, /--max-agents N .*\(default:\s+4\)/s);
        assert.match(HELP, /--agent-idle-timeout S .*\(default: 600\)/s);
        assert.match(HELP, /at most 100 "filePaths"/);
    });

    it('accepts only real origins', () => {
        assert.ok(isValidOrigin('http://localhost:5173') && isValidOrigin('https://x.example'));
        for (const bad of ['null', '*', 'file://', 'http://x.example/path', 'javascript:alert(1)', '']) {
            assert.ok(!isValidOrigin(bad), bad);
        }
    });
});
