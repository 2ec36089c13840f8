/**
 * Environment variables that make a program load, run or fetch something other than what it was asked to:
 * loader and runtime preload hooks (LD_PRELOAD, NODE_OPTIONS, PYTHONPATH …), shell start-up files and
 * exported functions (BASH_ENV, ENV, BASH_FUNC_* …), the search path, package-manager configuration
 * (npm_config_registry points npx at another registry) and git's command hooks. A registry entry or an
 * agent's sign-in method may set an API endpoint or a flag in `env`; it never gets to set one of these,
 * because one click on "Install" or "Sign in" would then run code nobody was shown.
 */

/** Names compared in upper case: Windows reads them so, and npm reads `npm_config_*` in any case. */
const DENIED_NAMES = new Set([
    'PATH', 'IFS', 'CDPATH', 'GLOBIGNORE', 'SHELLOPTS', 'BASHOPTS', 'BASH_ENV', 'ENV', 'PS4', 'PROMPT_COMMAND', 'ZDOTDIR',
    'NODE_OPTIONS', 'NODE_PATH', 'NODE_REPL_EXTERNAL_MODULE', 'NODE_EXTRA_CA_CERTS', 'NODE_TLS_REJECT_UNAUTHORIZED', 'ELECTRON_RUN_AS_NODE',
    'PYTHONPATH', 'PYTHONHOME', 'PYTHONSTARTUP', 'PYTHONUSERBASE', 'PYTHONBREAKPOINT', 'PYTHONINSPECT',
    'PERL5LIB', 'PERLLIB', 'PERL5OPT', 'PERL5DB', 'RUBYOPT', 'RUBYLIB', 'LUA_PATH', 'LUA_CPATH', 'LUA_INIT',
    'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'CLASSPATH', 'DOTNET_STARTUP_HOOKS',
    'GCONV_PATH', 'OPENSSL_CONF', 'OPENSSL_ENGINES', 'SSL_CERT_FILE', 'SSL_CERT_DIR',
    'EDITOR', 'VISUAL', 'PAGER', 'SSH_ASKPASS',
    'GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_ASKPASS', 'GIT_EXEC_PATH', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_PAGER',
    'GIT_EXTERNAL_DIFF', 'GIT_PROXY_COMMAND', 'GIT_TEMPLATE_DIR', 'GIT_DIR', 'GIT_WORK_TREE'
]);

const DENIED_PREFIXES = [
    'LD_', 'DYLD_', 'BASH_FUNC_', 'NPM_CONFIG_', 'YARN_', 'PNPM_', 'BUN_CONFIG_', 'UV_', 'PIP_', 'COREPACK_',
    'CORECLR_', 'GIT_CONFIG'
];

/**
 * True when `name` must not be set by a registry entry or a sign-in method: a loader, shell or
 * package-manager variable, or a name no environment can hold (empty, or with `=` or NUL in it).
 */
export function isLoaderOrShellEnvVar(name: string): boolean {
    if (name.length === 0 || name.includes('=') || name.includes('\0')) {
        return true;
    }
    const upper = name.toUpperCase();
    return DENIED_NAMES.has(upper) || DENIED_PREFIXES.some(prefix => upper.startsWith(prefix));
}
