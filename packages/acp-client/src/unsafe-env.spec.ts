import * as assert from 'assert';
import { isLoaderOrShellEnvVar } from './unsafe-env';

describe('isLoaderOrShellEnvVar (env names a registry entry or a sign-in method may not set)', () => {
    it('denies loader, runtime, shell and package-manager variables, in any case', () => {
        for (const name of ['NODE_OPTIONS', 'node_options', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'DYLD_INSERT_LIBRARIES',
            'NPM_CONFIG_REGISTRY', 'npm_config_registry', 'Npm_Config_Userconfig', 'PYTHONPATH', 'BASH_ENV', 'ENV', 'PATH', 'Path',
            'PERL5LIB', 'RUBYOPT', 'PROMPT_COMMAND', 'ZDOTDIR', 'PYTHONSTARTUP', 'JAVA_TOOL_OPTIONS', 'BASH_FUNC_ls%%',
            'GIT_SSH_COMMAND', 'GIT_CONFIG_COUNT', 'GIT_CONFIG_KEY_0', 'UV_INDEX_URL', 'PIP_INDEX_URL', 'YARN_REGISTRY']) {
            assert.equal(isLoaderOrShellEnvVar(name), true, name);
        }
    });

    it('denies names no environment can hold', () => {
        for (const name of ['', 'A=B', 'A\0B']) {
            assert.equal(isLoaderOrShellEnvVar(name), true, JSON.stringify(name));
        }
    });

    it('allows the settings agents set in their entries', () => {
        for (const name of ['GEMINI_API_KEY', 'OPENAI_BASE_URL', 'DEBUG', 'NODE_ENV', 'GIT_TERMINAL_PROMPT', 'HTTPS_PROXY', 'LOG_LEVEL', 'ENVIRONMENT', 'PATHS']) {
            assert.equal(isLoaderOrShellEnvVar(name), false, name);
        }
    });
});
