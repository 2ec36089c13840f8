import type { InstallKind, RegistryAgentEntry } from '@ai-cli-companion/acp-client';

export const ACP_REGISTRY_PATH = '/services/ai-cli-companion/acp-registry';

export type { InstallKind, RegistryAgentEntry };

/** One way to install a registry agent here, with what the user confirms before anything runs. */
export interface RegistryInstallChoice {
    readonly kind: InstallKind;
    /** Why it cannot be installed (e.g. a binary without a sha256); shown, never installed. */
    readonly blocked?: string;
    /** The command line that will run (installPreview). */
    readonly commandLine: string;
    /** The archive and the hash it must have, or the package the runner downloads. */
    readonly details: readonly string[];
    /** The digest of what this choice shows (shownInstall): `install` takes it back and installs that, or nothing. */
    readonly shown: string;
}

/** A registry agent as the quick pick shows it. */
export interface RegistryAgentItem {
    readonly id: string;
    readonly name: string;
    readonly version: string;
    readonly description: string;
    /** SVG text that passed the backend's check (checkSvgIcon); absent when the agent has none or it failed. */
    readonly iconSvg?: string;
    /** The built-in chat agent this registry id is (gemini → GeminiCLI): switched on, never installed twice. */
    readonly builtIn?: { readonly agentId: string; readonly displayName: string };
    /** The ways it installs on this platform: none when it offers no distribution here. */
    readonly choices: readonly RegistryInstallChoice[];
}

export interface RegistryListingView {
    readonly url: string;
    readonly agents: readonly RegistryAgentItem[];
    /** One line per entry skipped and per fetch problem. */
    readonly problems: readonly string[];
    /** The source could not be read: this is the last good copy. */
    readonly cached: boolean;
    readonly fetchedAt?: string;
}

/** An installed registry agent whose registry entry is newer. */
export interface RegistryUpdateView {
    readonly name: string;
    readonly id: string;
    readonly installedVersion: string;
    readonly latestVersion: string;
}

/** What Update will do, shown before it does anything (nothing is downloaded for it). */
export interface RegistryUpdatePlan extends RegistryUpdateView {
    /** The kind it was installed as, and the kind the update installs (they differ when the registry dropped the old one). */
    readonly installedKind: InstallKind;
    readonly kind: InstallKind;
    /** The command line the agent runs after the update: env, program, args (the user's own additions kept). */
    readonly commandLine: string;
    /** The archive and the hash it must have, or the package the runner downloads. */
    readonly details: readonly string[];
    /** The digest of this plan: `update` takes it back and applies this plan, or nothing. */
    readonly shown: string;
}

/**
 * An install or update: the entry to write, or, when the registry's entry is no longer the one the user
 * confirmed, why nothing was installed (the window offers to look again).
 */
export type RegistryInstallResult = { readonly entry: RegistryAgentEntry } | { readonly changed: string };

/**
 * The ACP registry, read and installed from in the backend. The registry URL and the installed agents
 * are what the backend reads from the user's settings (aiCliChat.registry.url, aiCliChat.agents), never
 * the window's word: the window only names a registry id or an @-name. Installing writes nothing to the
 * settings; the window writes the returned entry into the user scope once the user confirmed.
 */
export const AcpRegistryService = Symbol('AcpRegistryService');
export interface AcpRegistryService {
    /** The registry at the user's URL, with icons; never throws (problems say what went wrong). */
    list(): Promise<RegistryListingView>;
    /**
     * Downloads / unpacks (binary) or checks the runner (npx, uvx) for registry agent `id`, when the registry
     * at the user's URL has it now as the choice the user confirmed (`shown`); `name` keeps an existing
     * @-name (reinstall). Throws with a message to show.
     */
    install(id: string, kind: InstallKind, shown: string, taken: readonly string[], name?: string): Promise<RegistryInstallResult>;
    /** The registry agents of the user's settings that the registry has in a newer version. */
    updates(): Promise<RegistryUpdateView[]>;
    /** What updating the user's agent `name` to the registry's newest version would run, for the user to confirm. */
    updatePlan(name: string): Promise<RegistryUpdatePlan>;
    /**
     * Installs the newest version of the user's agent `name` beside the old one when it is still the plan the
     * user confirmed (`shown`); the old one keeps working until the window writes the result.
     */
    update(name: string, shown: string): Promise<RegistryInstallResult>;
    /** After the settings point at `version`: stops the agent's old processes and deletes its other unpacked versions. */
    switched(name: string, id: string, version: string): Promise<void>;
    /**
     * Resolves once the backend reads the user's agent `name` at `version` (undefined: once it has no agent
     * `name`), so the chat's next prompt finds it; false after 10 s without.
     */
    settled(name: string, version: string | undefined): Promise<boolean>;
    /** Stops the processes of the user's agent `name` (before its entry is removed) and deletes its unpacked folder. */
    remove(name: string): Promise<void>;
}
