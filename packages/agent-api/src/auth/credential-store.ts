/** Where secrets live: the OS keychain, Theia's credential store, a 0600 file, or memory in unit tests. */
export interface CredentialStore {
    /** Shown in logs and `/status`, e.g. "keychain", "file ~/.config/ai-cli-agent-api/credentials.json". */
    readonly description: string;
    get(key: string): Promise<string | undefined>;
    set(key: string, value: string): Promise<void>;
    delete(key: string): Promise<void>;
}

export class MemoryCredentialStore implements CredentialStore {
    readonly description = 'memory';
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
}

/**
 * Where secrets go when no keychain is reachable and the user has not agreed to a file (the Agent API inside
 * Theia): nothing is kept, and storing says why and how to agree, instead of a silent memory store that
 * loses the key at the next restart.
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
}

/**
 * The keychain when a round trip through it works, else the fallback. A Linux box without a
 * Secret Service (containers, SSH sessions) fails the probe, and secrets go to the file.
 */
export async function chooseCredentialStore(keychain: CredentialStore | undefined, fallback: CredentialStore,
    warn: (message: string) => void): Promise<CredentialStore> {
    if (keychain) {
        const probeKey = `probe-${process.pid}-${Date.now()}`;
        try {
            await keychain.set(probeKey, 'probe');
            const back = await keychain.get(probeKey);
            await keychain.delete(probeKey);
            if (back === 'probe') {
                return keychain;
            }
            warn(`The ${keychain.description} did not return what was stored; secrets: ${fallback.description}.`);
        } catch (error) {
            warn(`No ${keychain.description} is reachable (${(error as Error).message.split('\n')[0]}); secrets: ${fallback.description}.`);
        }
    }
    return fallback;
}
