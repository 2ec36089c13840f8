import { PrivateSecretsFile } from './private-secrets-file';

/**
 * Where secrets live: the OS keychain, a 0600 file the user agreed to, memory in unit tests, or nowhere.
 * The one credential policy of the stand-alone Agent API, the Agent API inside Theia and the chat's API keys.
 */
export interface CredentialStore {
    /** Shown in logs and `/status`, e.g. "OS keychain", "file ~/.config/ai-cli-agent-api/credentials.json". */
    readonly description: string;
    get(key: string): Promise<string | undefined>;
    set(key: string, value: string): Promise<void>;
    delete(key: string): Promise<void>;
    /** The keys it holds, where it can list them (Forget API Key… offers them). */
    names?(): Promise<string[]>;
}

export class MemoryCredentialStore implements CredentialStore {
    readonly description: string = 'memory';
    readonly entries = new Map<string, string>();

    async get(key: string): Promise<string | undefined> {
        return this.entries.get(key);
    }

    async set(key: string, value: string): Promise<void> {
        this.entries.set(key, value);
    }

    async delete(key: string): Promise<void> {
        this.entries.delete(key);
    }

    async names(): Promise<string[]> {
        return [...this.entries.keys()];
    }
}

/**
 * Where secrets go when no keychain is reachable and the user has not agreed to a file: nothing is kept,
 * and storing says why and how to agree, instead of a silent memory store that loses the key at the next restart.
 */
export class NoCredentialStore implements CredentialStore {
    constructor(readonly reason: string) { }

    get description(): string {
        return `nowhere: ${this.reason}`;
    }

    async get(): Promise<string | undefined> {
        return undefined;
    }

    async set(): Promise<void> {
        throw new Error(`Nothing can be stored: ${this.reason}`);
    }

    async delete(): Promise<void> {
        // Nothing was kept.
    }

    async names(): Promise<string[]> {
        return [];
    }
}

/** Secrets in node-base's PrivateSecretsFile: JSON only the user can read (0600 in a 0700 directory). */
export class FileCredentialStore implements CredentialStore {
    protected readonly secrets: PrivateSecretsFile;

    constructor(readonly file: string) {
        this.secrets = new PrivateSecretsFile(file);
    }

    get description(): string {
        return `file ${this.file}`;
    }

    get(key: string): Promise<string | undefined> {
        return this.secrets.get(key);
    }

    set(key: string, value: string): Promise<void> {
        return this.secrets.set(key, value);
    }

    async delete(key: string): Promise<void> {
        await this.secrets.delete(key);
    }

    names(): Promise<string[]> {
        return this.secrets.names();
    }
}

export interface CredentialPolicy {
    /** The keychain to try first; none where the platform has no binding. */
    readonly keychain: CredentialStore | undefined;
    /** The 0600 file secrets may go to when no keychain answers. */
    readonly file: string;
    /** Whether the user agreed to that file (the `--keys-in-file` flag; in Theia the user setting `aiCliCompanion.keysInFile`). */
    readonly consent: boolean;
    /** How the user agrees, for the refusal's text, e.g. "start with --keys-in-file". */
    readonly howToConsent: string;
    readonly warn: (message: string) => void;
}

/**
 * Why the keychain cannot keep secrets, or undefined when a round trip through it works (and leaves no
 * entry behind). A Linux box without a Secret Service (containers, SSH sessions) fails here.
 */
export async function keychainProblem(keychain: CredentialStore): Promise<string | undefined> {
    const probeKey = `probe-${process.pid}-${Date.now()}`;
    try {
        await keychain.set(probeKey, 'probe');
        const back = await keychain.get(probeKey);
        await keychain.delete(probeKey);
        return back === 'probe' ? undefined : 'it did not return what was stored';
    } catch (error) {
        return (error as Error).message.split('\n')[0];
    }
}

/**
 * The one choice: the keychain when it answers; else the 0600 file, only with the user's consent; else
 * nothing, with a message that says how to agree. Never memory: a key that vanished at the next restart
 * while the status claimed it was kept would be worse than a clear refusal.
 */
export async function chooseCredentialStore(policy: CredentialPolicy): Promise<CredentialStore> {
    const problem = policy.keychain ? await keychainProblem(policy.keychain) : 'this platform has no keychain binding';
    if (problem === undefined) {
        return policy.keychain!;
    }
    const fallback = policy.consent
        ? new FileCredentialStore(policy.file)
        : new NoCredentialStore(`no keychain is reachable, and keys are kept in the 0600 file ${policy.file} only with your consent ` +
            `(${policy.howToConsent})`);
    policy.warn(`No ${policy.keychain?.description ?? 'OS keychain'} is reachable (${problem}); secrets: ${fallback.description}.`);
    return fallback;
}
