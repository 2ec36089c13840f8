// Pure data, no Node imports: the browser side reads this file too.

import { AgentEntry, AGENTS, ClientTransport, CompanionPart } from '@ai-cli-companion/node-base/agents';

import { CLIENT_TRANSPORTS } from './client-transports';

export type {
    ClientTransport, DiscoveryFileInfo, DiscoveryLayout, FileNamePattern, HomeRelativePath, ProfileEnvNames, SilentWriteModes
} from '@ai-cli-companion/node-base/agents';

/**
 * Everything that differs between the CLIs that speak the IDE-companion protocol: the agent table's
 * companion part (node-base's agent-table.ts), with the agent's id, name and install package. Adding a CLI
 * is one entry there; no code branches on a client id, and what differs by transport is the transport table.
 */
export interface ClientProfile extends Omit<CompanionPart, 'transport'> {
    /** Stable id, used in preferences, tokens and logs. */
    readonly id: string;
    /** What users call the CLI. */
    readonly displayName: string;
    /** The command that starts the CLI in a terminal. */
    readonly command: string;
    /** The npm package that installs `command` (offered when the command is missing). */
    readonly npmPackage?: string;
    /** See ClientTransport; absent is `http` (profiles made by tests). */
    readonly transport?: ClientTransport;
}

/** One entry of the agent table as a client profile. */
export function clientProfileOf(agent: AgentEntry & { readonly companion: CompanionPart }): ClientProfile {
    const { id, name, command, install, companion } = agent;
    return { id, displayName: name, command, ...install ? { npmPackage: install.npm } : {}, ...companion };
}

/** The agents of the table that talk to the IDE companion, in its order. */
export const CLIENT_PROFILES: readonly ClientProfile[] = (AGENTS as readonly AgentEntry[])
    .flatMap(agent => agent.companion ? [clientProfileOf({ ...agent, companion: agent.companion })] : []);

/** Whether the CLI finds a window's port in a discovery file the companion server writes (not its own socket). */
export function usesDiscoveryFile(profile: ClientProfile): boolean {
    return CLIENT_TRANSPORTS[profile.transport ?? 'http'].finds === 'discovery-file';
}

export function findProfile(id: string): ClientProfile | undefined {
    return CLIENT_PROFILES.find(profile => profile.id === id);
}

/** Every environment variable any profile reads: what a terminal must not inherit from elsewhere. */
export function companionEnvNames(profiles: readonly ClientProfile[] = CLIENT_PROFILES): string[] {
    return profiles.flatMap(profile => Object.values(profile.env).filter((name): name is string => !!name));
}
