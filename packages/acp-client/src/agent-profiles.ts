// Pure data, no imports: browsers read it too (`@ai-cli-companion/acp-client/agent-profiles`, the chat's built-in agents).

/** How to start one ACP agent: what the engine needs, whatever the agent is. */
export interface AcpAgentLaunch {
    /** Stable key (a built-in profile id or a configured agent's name). */
    readonly id: string;
    readonly displayName: string;
    /** Executable, looked up on PATH unless it is a path. */
    readonly command: string;
    readonly args: readonly string[];
    /** Extra environment for this agent (merged over the caller's). */
    readonly env?: Readonly<Record<string, string>>;
    /** Shell command that installs the agent, offered when `command` is not found. */
    readonly installCommand?: string;
}

/** What differs between the CLIs we drive, as data (no `if (agent === 'qwen')` elsewhere). */
export interface AgentProfile extends AcpAgentLaunch {
    readonly id: 'gemini' | 'qwen' | 'copilot';
    /** Environment variable that carries an API key of the spec's `gemini-api-key` auth type. */
    readonly apiKeyEnv: string;
    /** Where the CLI caches its own "Log in with Google" credentials, relative to HOME. */
    readonly oauthCredentialFile?: string;
    /** The command a user runs to log in interactively. */
    readonly loginHint: string;
}

export const AGENT_PROFILES: Readonly<Record<AgentProfile['id'], AgentProfile>> = {
    gemini: {
        id: 'gemini', displayName: 'Gemini CLI', command: 'gemini', args: ['--acp'],
        installCommand: 'npm install -g @google/gemini-cli',
        apiKeyEnv: 'GEMINI_API_KEY', oauthCredentialFile: '.gemini/oauth_creds.json',
        loginHint: 'run `gemini` in a terminal, choose "Login with Google" and finish the browser flow; the server then uses the CLI\'s cached login'
    },
    qwen: {
        id: 'qwen', displayName: 'Qwen Code', command: 'qwen', args: ['--acp'],
        installCommand: 'npm install -g @qwen-code/qwen-code',
        apiKeyEnv: 'OPENAI_API_KEY',
        loginHint: 'Qwen Code has no Google login; configure `gemini-api-key` (its value becomes OPENAI_API_KEY) or run `qwen` and use /auth'
    },
    // copilot 1.0.102 as probed: one auth method, `copilot-login` (terminal-auth `copilot login`, GitHub's device flow);
    // with COPILOT_PROVIDER_BASE_URL and COPILOT_MODEL set it needs no GitHub login (bring your own key).
    copilot: {
        id: 'copilot', displayName: 'Copilot CLI', command: 'copilot', args: ['--acp'],
        installCommand: 'npm install -g @github/copilot',
        apiKeyEnv: 'COPILOT_PROVIDER_API_KEY',
        loginHint: 'run `copilot login` in a terminal (GitHub sign-in), or bring your own key: set COPILOT_PROVIDER_BASE_URL, ' +
            'COPILOT_MODEL and COPILOT_PROVIDER_API_KEY (`copilot help providers`)'
    }
};

export function agentProfile(id: string): AgentProfile {
    const profile = (AGENT_PROFILES as Record<string, AgentProfile>)[id];
    if (!profile) {
        throw new Error(`Unknown agent "${id}": expected ${Object.keys(AGENT_PROFILES).join(' or ')}.`);
    }
    return profile;
}
