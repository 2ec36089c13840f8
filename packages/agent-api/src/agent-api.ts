import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { generateToken, isValidOrigin, splitSecretEnvironment, writePrivateFileSync } from '@ai-cli-companion/node-base';
import { AgentLogger, ConfiguredAgentLaunch, agentProfile, silentLogger } from '@ai-cli-companion/acp-client';
import { configuredApiAgent } from './engine/api-agent';
import type { AgentApiAgentId } from '@ai-cli-companion/node-base/agents';
import { AuthService } from './auth/auth-service';
import { CredentialStore, KeyringCredentialStore, chooseCredentialStore } from './auth/credential-store';
import { WorkspaceChats } from './engine/workspace-chats';
import { WorkspaceRoots } from './files/workspace-roots';
import { AgentApiServer } from './http/agent-api-server';
import { packageVersion } from './package-version';
import { SecretScrubber } from './secret-scrubber';

export const DEFAULT_PORT = 18080;
export const DEFAULT_HOST = '127.0.0.1';

export interface AgentApiOptions {
    readonly workspaces: readonly string[];
    /** One of the agent table's `acp.agentApi` agents (AGENT_API_AGENTS); ignored when `customAgent` is given. */
    readonly agent?: AgentApiAgentId;
    /** An ACP agent of the user's own (an `aiCliChat.agents` entry, or `--agent-command`), started as the chat starts it. */
    readonly customAgent?: ConfiguredAgentLaunch;
    readonly agentCommand?: string;
    /** 0 picks a free port. */
    readonly port?: number;
    readonly host?: string;
    /** Where the token is written (0600); a per-port file in the config directory by default. */
    readonly tokenFile?: string;
    /** A fixed token (e.g. from AGENT_API_TOKEN); a fresh random one per start otherwise. */
    readonly token?: string;
    readonly allowedOrigins?: readonly string[];
    readonly enableExecuteCommand?: boolean;
    /** Allows enableExecuteCommand on a non-loopback host: dangerous, the token travels in plain HTTP. */
    readonly allowRemoteExecuteCommand?: boolean;
    /** The agent's base environment; this process's by default. */
    readonly env?: NodeJS.ProcessEnv;
    /** The keychain to try first (tests pass a stand-in); the OS keychain (`@napi-rs/keyring`) by default. */
    readonly keychain?: CredentialStore;
    /** Where secrets go when no keychain is reachable. */
    readonly credentialFile?: string;
    /**
     * The user's consent to that file (`--keys-in-file`, Theia's `aiCliCompanion.keysInFile`); default false:
     * without it, no keychain means nothing is stored, and setting a key says how to agree.
     */
    readonly credentialFileAllowed?: boolean;
    /** How the user agrees to the file, for the refusal's text; the command's flag by default. */
    readonly credentialFileConsentHint?: string;
    readonly logger?: AgentLogger;
    readonly keepAliveMs?: number;
    readonly maxBodyBytes?: number;
    /** Agent processes alive at once (one per workspace root); see AgentPool. */
    readonly maxAgents?: number;
    /** An agent without a turn for this long is stopped. */
    readonly agentIdleTimeoutMs?: number;
}

export interface RunningAgentApi {
    readonly url: string;
    readonly port: number;
    readonly token: string;
    readonly tokenFile: string;
    readonly credentialStore: string;
    readonly pool: WorkspaceChats;
    stop(): Promise<void>;
}

/** `$XDG_CONFIG_HOME/ai-cli-agent-api`, else `~/.config/ai-cli-agent-api`. */
export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
    const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
    return path.join(base, 'ai-cli-agent-api');
}

/** 127.0.0.0/8, ::1 and localhost: addresses nobody else on the network can reach. */
export function isLoopbackHost(host: string): boolean {
    const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
    return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || /^::ffff:127(\.\d{1,3}){3}$/.test(bare);
}

/** What is printed when the API is bound to an address others can reach. */
export function nonLoopbackWarning(host: string, executeCommand: boolean): string {
    return `WARNING: the Agent API listens on ${host}, which is reachable from the network. It speaks plain HTTP: ` +
        'anyone on the path can read the bearer token and then chat with the agent, read and write the workspace' +
        (executeCommand ? ', and RUN COMMANDS (execute-command is enabled)' : '') + '. Bind 127.0.0.1 unless you know why not.';
}

/** Starts the API: what the command and the Theia contribution both call. */
export async function startAgentApi(options: AgentApiOptions): Promise<RunningAgentApi> {
    const env = options.env ?? process.env;
    const logger = options.logger ?? silentLogger;
    const profile = options.customAgent ? await configuredApiAgent(options.customAgent, env) : agentProfile(options.agent ?? 'gemini');
    const host = options.host ?? DEFAULT_HOST;
    const badOrigins = (options.allowedOrigins ?? []).filter(origin => !isValidOrigin(origin));
    if (badOrigins.length > 0) {
        throw new Error(`Not an origin: ${badOrigins.map(origin => JSON.stringify(origin)).join(', ')}. ` +
            'An allowed origin is a scheme and host with an optional port, such as http://localhost:5173 ("null" and "*" are refused).');
    }
    const loopback = isLoopbackHost(host);
    if (!loopback && options.enableExecuteCommand && !options.allowRemoteExecuteCommand) {
        throw new Error(`execute-command is refused on the non-loopback address ${host}: the token could be sniffed and used to run commands.`);
    }
    const roots = new WorkspaceRoots(options.workspaces);
    const token = options.token ?? generateToken();
    const scrubber = new SecretScrubber();
    const commandEnvironment = splitSecretEnvironment(env);
    scrubber.add(token, ...commandEnvironment.hidden);
    const credentialFile = options.credentialFile ?? path.join(configDirectory(env), 'credentials.json');
    const store = await chooseCredentialStore({
        keychain: options.keychain ?? new KeyringCredentialStore(), file: credentialFile, consent: options.credentialFileAllowed === true,
        howToConsent: options.credentialFileConsentHint ?? 'start the command with --keys-in-file to agree', warn: message => logger.warn(message)
    });
    const auth = new AuthService(store, profile, env, secret => scrubber.add(secret));
    scrubber.add(...await auth.secrets());
    const pool = new WorkspaceChats({
        profile, command: options.agentCommand, logger, scrub: scrubber.scrub,
        rootOf: directory => roots.rootOf(directory), maxAgents: options.maxAgents, idleTimeoutMs: options.agentIdleTimeoutMs,
        environment: async () => {
            const credentials = await auth.environment();
            scrubber.add(...Object.values(credentials));
            // The token is ours, not the agent's.
            const { AGENT_API_TOKEN: _token, ...inherited } = env;
            return { ...inherited, ...credentials };
        }
    });
    const server = new AgentApiServer({
        roots, pool, auth, token, host, port: options.port ?? DEFAULT_PORT,
        allowedOrigins: options.allowedOrigins ?? [], enableExecuteCommand: options.enableExecuteCommand ?? false,
        version: packageVersion(), logger, scrub: scrubber.scrub, commandEnvironment: commandEnvironment.env,
        keepAliveMs: options.keepAliveMs, maxBodyBytes: options.maxBodyBytes
    });
    const port = await server.listen();
    const tokenFile = options.tokenFile ?? path.join(configDirectory(env), `token-${port}`);
    try {
        writePrivateFileSync(tokenFile, token);
    } catch (error) {
        await server.close();
        throw error;
    }
    if (!loopback) {
        logger.warn(nonLoopbackWarning(host, options.enableExecuteCommand ?? false));
    }
    const urlHost = host.includes(':') ? `[${host}]` : host;
    logger.info(`Agent API for ${profile.displayName} on ${urlHost}:${port}, workspaces ${roots.roots.join(', ')}; ` +
        `secrets in the ${store.description}; execute-command ${options.enableExecuteCommand ? 'ENABLED' : 'disabled'}`);
    let stopping: Promise<void> | undefined;
    return {
        url: `http://${urlHost}:${port}`, port, token, tokenFile, credentialStore: store.description, pool,
        stop: () => stopping ??= (async () => {
            await server.close();
            removeIfOurs(tokenFile, token);
        })()
    };
}

function removeIfOurs(file: string, token: string): void {
    try {
        if (fs.readFileSync(file, 'utf8') === token) {
            fs.rmSync(file);
        }
    } catch {
        // already gone
    }
}
