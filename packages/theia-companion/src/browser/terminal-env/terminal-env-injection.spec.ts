import * as assert from 'assert';
import { terminalEnvFor } from './terminal-env-injection';

describe('terminalEnvFor', () => {
    it('sets the window\'s variables and clears every other companion variable', () => {
        const env = terminalEnvFor({ GEMINI_CLI_IDE_SERVER_PORT: '4000', REMOTE_CONTAINERS: 'true' }, undefined);
        assert.strictEqual(env.GEMINI_CLI_IDE_SERVER_PORT, '4000');
        assert.strictEqual(env.REMOTE_CONTAINERS, 'true');
        assert.strictEqual(env.QWEN_CODE_IDE_SERVER_PORT, null, 'a client switched off must not inherit the backend\'s value');
        assert.strictEqual(env.GEMINI_CLI_IDE_WORKSPACE_PATH, null, 'no folder: no inherited workspace');
    });

    it('lets the caller\'s explicit env win', () => {
        const env = terminalEnvFor({ GEMINI_CLI_IDE_SERVER_PORT: '4000' }, { GEMINI_CLI_IDE_SERVER_PORT: '5000', FOO: 'bar' });
        assert.strictEqual(env.GEMINI_CLI_IDE_SERVER_PORT, '5000');
        assert.strictEqual(env.FOO, 'bar');
    });
});
