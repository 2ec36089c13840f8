/**
 * Word endings that mark a variable as a credential, matched on the words of its name: split at
 * `_`, `-`, `.` and camelCase humps, compared case-insensitively, a plural `s` allowed. A word that
 * ends in one counts too: PGPASSWORD, APIKEY, MYSQLPWD (names without a separator).
 */
const CREDENTIAL_ENDINGS = ['key', 'token', 'secret', 'password', 'passwd', 'pwd', 'auth', 'credential', 'private'];
/** Whole words only: as endings they would also take BYPASS or COMPASS. */
const CREDENTIAL_WORDS = ['pass', 'authorization', 'cookie'];
/** Shell and session variables that contain such a word but hold no secret. */
const NOT_CREDENTIALS = new Set(['pwd', 'oldpwd', 'ssh_auth_sock']);
/** `scheme://userinfo@`: a URL that carries a user, a password or a token as the user (postgres://u:p@db, https://ghp_x@github.com). */
const URL_WITH_USERINFO = /[a-z][a-z0-9+.-]*:\/\/([^\s/?#@]+)@/gi;

/** Whether a variable's name says it holds a credential (GITHUB_TOKEN, PGPASSWORD, npm_config__authToken, AZURE_OPENAI_APIKEY, …). */
export function isCredentialName(name: string): boolean {
    if (NOT_CREDENTIALS.has(name.toLowerCase())) {
        return false;
    }
    const words = name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(word => word !== '').map(word => word.toLowerCase());
    return words.some(word => [word, word.replace(/s$/, '')].some(form =>
        CREDENTIAL_WORDS.includes(form) || CREDENTIAL_ENDINGS.some(ending => form.endsWith(ending))));
}

/** The credentials in the URLs of a value (each userinfo, its password and user, raw and decoded); empty when it has none. */
export function urlCredentials(value: string): string[] {
    const found = new Set<string>();
    for (const [, userinfo] of value.matchAll(URL_WITH_USERINFO)) {
        found.add(userinfo);
        for (const part of userinfo.split(':')) {
            found.add(part);
            found.add(decodeOrSame(part));
        }
    }
    found.delete('');
    return [...found];
}

export interface SecretFreeEnvironment {
    /** The environment without credentials. */
    readonly env: NodeJS.ProcessEnv;
    /** The values left out (whole values, and the credentials inside URLs): what a scrubber should redact. */
    readonly hidden: string[];
}

/**
 * An environment fit for a command run on someone else's behalf (the Agent API's execute-command, an
 * ACP agent's terminal): without any variable named like a credential and without any whose value is
 * a URL carrying credentials. The agent needs its key; a command it runs does not.
 */
export function splitSecretEnvironment(env: NodeJS.ProcessEnv): SecretFreeEnvironment {
    const kept: NodeJS.ProcessEnv = {};
    const hidden = new Set<string>();
    for (const [name, value] of Object.entries(env)) {
        if (value === undefined) {
            continue;
        }
        const inUrls = urlCredentials(value);
        if (isCredentialName(name) || inUrls.length > 0) {
            hidden.add(value);
            inUrls.forEach(credential => hidden.add(credential));
        } else {
            kept[name] = value;
        }
    }
    hidden.delete('');
    return { env: kept, hidden: [...hidden] };
}

/** `splitSecretEnvironment(env).env`. */
export function withoutSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    return splitSecretEnvironment(env).env;
}

function decodeOrSame(text: string): string {
    try {
        return decodeURIComponent(text);
    } catch {
        return text;
    }
}
