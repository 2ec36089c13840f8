/** Replaces every known secret (the API token, stored keys, keys in the environment) in a text. */
export class SecretScrubber {
    private readonly secrets = new Set<string>();

    add(...values: Array<string | undefined>): void {
        for (const value of values) {
            // Short values would redact ordinary words; real keys and tokens are long.
            if (value && value.length >= 8) {
                this.secrets.add(value);
            }
        }
    }

    readonly scrub = (text: string): string => {
        let result = text;
        for (const secret of this.secrets) {
            result = result.split(secret).join('[redacted]');
        }
        return result;
    };
}

/** Environment variables whose values are credentials. */
export const SECRET_ENV_NAMES = ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'OPENAI_API_KEY', 'DASHSCOPE_API_KEY', 'AGENT_API_TOKEN'];

/** Names that look like credentials whatever tool they belong to (GITHUB_TOKEN, ANTHROPIC_API_KEY, …). */
const CREDENTIAL_NAME = /(^|_)(API_KEY|KEY|TOKEN|SECRET|PASSWORD|CREDENTIALS)$/i;

/**
 * The environment for a command run on a client's behalf: the server's own, without the API token,
 * the model keys or anything else named like a credential. The agent needs its key; a command does not.
 */
export function withoutSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    return Object.fromEntries(Object.entries(env).filter(([name]) => !SECRET_ENV_NAMES.includes(name) && !CREDENTIAL_NAME.test(name)));
}
