import { CLIENT_PROFILES, ClientProfile, ClientTransport, usesDiscoveryFile } from '../common/client-profiles';
import { Logger, generateToken, silentLogger } from '@ai-cli-companion/node-base';
import {
    DISCOVERY_FILE_MARKER, IdeInfo, buildDiscoveryFileContent, discoveryFilePath, removeFileQuietly,
    removeStaleDiscoveryFiles, writePrivateFileAtomic
} from './discovery-file';
import * as path from 'path';
import { HostEnvironment, discoveryDirectories, trustedBaseOf } from './host-paths';

export interface CompanionDiscoveryOptions {
    readonly profiles: readonly ClientProfile[];
    readonly ideInfo: IdeInfo;
    readonly host: HostEnvironment;
    readonly backendPid: number;
    readonly idePid: number;
    readonly inContainer: boolean;
    readonly serverVersion: string;
    readonly logger?: Logger;
}

/**
 * How the CLIs find one server: a token per enabled client profile, the discovery files, and the
 * terminal environment that points a CLI at exactly this server.
 */
export class CompanionDiscovery {
    private readonly tokenMap = new Map<string, string>();
    /** By profile id: a profile may write a mirror too (Claude Code under CLAUDE_CONFIG_DIR). */
    private readonly files = new Map<string, string[]>();
    private readonly logger: Logger;
    private enabled: readonly ClientProfile[];
    private error: string | undefined;

    constructor(private readonly options: CompanionDiscoveryOptions) {
        this.logger = options.logger ?? silentLogger;
        this.enabled = options.profiles;
        this.enabled.forEach(profile => this.tokenMap.set(profile.id, generateToken()));
    }

    get profiles(): readonly ClientProfile[] {
        return this.enabled;
    }

    /** Bearer tokens by client profile id: a copy, for the server's wall. */
    get tokens(): ReadonlyMap<string, string> {
        return new Map(this.tokenMap);
    }

    /** The tokens of the clients on one transport: a Claude Code token opens no HTTP session, and vice versa. */
    tokensOf(transport: ClientTransport): ReadonlyMap<string, string> {
        return new Map([...this.tokenMap].filter(([id]) => (this.enabled.find(p => p.id === id)?.transport ?? 'http') === transport));
    }

    get writtenFiles(): readonly string[] {
        return [...this.files.values()].flat();
    }

    get lastError(): string | undefined {
        return this.error;
    }

    /** Files a killed backend of ours left behind, of every known client. */
    removeStale(): void {
        for (const profile of CLIENT_PROFILES) {
            const cleanup = removeStaleDiscoveryFiles(profile, this.options.host);
            cleanup.removed.forEach(file => this.logger.info(`Removed stale discovery file ${file}`));
            if (cleanup.refused) {
                this.logger.warn(`Skipped the stale discovery file cleanup for ${profile.displayName}: ${cleanup.refused}`);
            }
        }
    }

    /** Switches clients on and off: a switched-off client loses its file and token, a new one gets a token. */
    setProfiles(profiles: readonly ClientProfile[]): void {
        for (const profile of this.enabled.filter(p => !profiles.includes(p))) {
            this.removeFile(profile.id);
            this.tokenMap.delete(profile.id);
        }
        for (const profile of profiles.filter(p => !this.tokenMap.has(p.id))) {
            this.tokenMap.set(profile.id, generateToken());
        }
        this.enabled = [...profiles];
    }

    /** (Re)writes one file per enabled client; a newer mtime wins Qwen's scan. */
    write(port: number, workspacePath: string, workspaceFolders: readonly string[] = []): void {
        const { host, idePid, backendPid, ideInfo, serverVersion } = this.options;
        for (const profile of this.enabled.filter(usesDiscoveryFile)) { // a pipe server writes its own lock, Codex has none
            const name = path.basename(discoveryFilePath(profile, host, { pid: idePid, port }));
            const content = buildDiscoveryFileContent(profile, {
                port,
                workspacePath,
                authToken: this.tokenMap.get(profile.id)!,
                ppid: backendPid,
                ideInfo,
                [DISCOVERY_FILE_MARKER]: serverVersion
            }, workspaceFolders);
            const written: string[] = [];
            for (const directory of discoveryDirectories(profile, host)) {
                const file = path.join(directory, name);
                try {
                    writePrivateFileAtomic(file, JSON.stringify(content), trustedBaseOf(profile, host, directory));
                    written.push(file);
                } catch (error) {
                    this.error = `Cannot write ${file}: ${(error as Error).message}`;
                    this.logger.error(this.error);
                }
            }
            this.removeFile(profile.id, written); // a mirror whose variable went away
            this.files.set(profile.id, written);
        }
    }

    /** Synchronous so it can run in a process 'exit' handler. */
    removeAllSync(): void {
        for (const id of [...this.files.keys()]) {
            this.removeFile(id);
        }
    }

    /** What every terminal of this window needs so the CLIs find exactly this server. */
    terminalEnv(port: number, workspacePath: string): Record<string, string> {
        const env: Record<string, string> = {};
        for (const profile of this.enabled) {
            Object.assign(env, profile.extraEnv);
            if (profile.env.port) {
                env[profile.env.port] = String(port);
            }
            if (workspacePath && profile.env.workspacePath) {
                env[profile.env.workspacePath] = workspacePath;
            }
            if (profile.env.authToken) {
                env[profile.env.authToken] = this.tokenMap.get(profile.id)!;
            }
            if (profile.env.idePid) {
                env[profile.env.idePid] = String(this.options.idePid);
            }
        }
        if (this.options.inContainer) {
            // Without it Gemini CLI dials host.docker.internal, which is not this loopback server.
            env.REMOTE_CONTAINERS = 'true';
        }
        return env;
    }

    private removeFile(profileId: string, keep: readonly string[] = []): void {
        for (const file of this.files.get(profileId) ?? []) {
            if (!keep.includes(file)) {
                removeFileQuietly(file);
            }
        }
        this.files.delete(profileId);
    }
}
