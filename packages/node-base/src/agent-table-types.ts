// The shape of one row of the agent table (agent-table.ts). Types only: nothing here exists at run time.

/**
 * One CLI agent, everything every package knows about it. The required part says what it is and how it
 * is installed; each optional part switches on one use of it: `companion` (it talks to the IDE companion in a
 * terminal), `acp` (it is driven over the Agent Client Protocol: the chat, the Agent API), `registryId`
 * (the ACP registry lists it, so installing it from there switches on the built-in instead of adding a copy).
 */
export interface AgentEntry {
    /** Stable id, used in preferences (`aiCliChat.<id>.enabled`), tokens and logs. */
    readonly id: string;
    /** What users call the CLI. */
    readonly name: string;
    /** The command that starts the CLI in a terminal, looked up on PATH. */
    readonly command: string;
    /** The npm package that installs `command` (offered when the command is missing). */
    readonly install?: { readonly npm: string };
    readonly companion?: CompanionPart;
    readonly acp?: AcpPart;
    /** Its id in the ACP registry (registry.json), when the registry lists it. */
    readonly registryId?: string;
}

/**
 * How a CLI talks to the IDE: MCP Streamable HTTP on the port, MCP over a WebSocket on it, MCP Streamable
 * HTTP on a Unix socket of its own, named by a lock file its server writes (Copilot CLI), or requests on one
 * message-router socket per user that the backend serves for every window (Codex CLI). Each has one row in
 * the companion core's transport table.
 */
export type ClientTransport = 'http' | 'ws' | 'pipe' | 'ipc';

/** What differs between the CLIs that speak the IDE-companion protocol, beyond the transport's own code. */
export interface CompanionPart {
    readonly transport: ClientTransport;
    readonly discovery: DiscoveryLayout;
    /** Names of the environment variables the CLI reads; absent ones are not exported. */
    readonly env: ProfileEnvNames;
    /** Extra keys written into the discovery file for this client only. */
    readonly extraFileFields?: (info: DiscoveryFileInfo) => Record<string, unknown>;
    /** The CLI's user settings file, where `ide.enabled` lives; absent when the CLI has no such switch. */
    readonly userSettings?: HomeRelativePath;
    /** Variables every terminal gets for this client, whatever the server (e.g. a feature switch). */
    readonly extraEnv?: Readonly<Record<string, string>>;
    /**
     * At most this many sessions of this client per server; a new one beyond it supersedes the oldest
     * (Claude Code's own IDEs keep one per window). Absent: only the server-wide cap applies.
     */
    readonly maxSessions?: number;
    /** Settings under which the CLI writes files without asking, so no diff ever opens (Diagnose Connection warns). */
    readonly silentWriteModes?: SilentWriteModes;
    /** What the user must change for the CLI to offer diffs at all, shown by Diagnose Connection. */
    readonly diffModeNote?: string;
    /** How *Send Selection to CLI* types a file: `@path` (default), or the bare path where `@` opens a file picker (Codex). */
    readonly typedReference?: 'at' | 'path';
    /** What the user types in each run of the CLI before it reads the window's context, where it does not remember (Codex). */
    readonly ideCommand?: string;
}

/** How the CLI runs as an ACP agent, and what the chat must know of it before its first session. */
export interface AcpPart {
    /** The arguments that start it in ACP mode. */
    readonly args: readonly string[];
    /** Environment variable that carries an API key (the spec's `gemini-api-key` auth type, the chat's "Set API key…"). */
    readonly keyEnv: string;
    /** Where the CLI caches its own "Log in with Google" credentials, relative to HOME. */
    readonly oauthCredentialFile?: string;
    /** The command a user runs to log in interactively. */
    readonly loginHint: string;
    /** The Agent API can drive it (its auth methods are the ones the API's auth service knows). */
    readonly agentApi?: boolean;
    /** Shown in the chat's @ suggestions. */
    readonly description: string;
    /** Its modes as measured, known before the first `session/new` (which replaces them with what it reports). */
    readonly modes: readonly AgentMode[];
    /** Answer its `fs/read_text_file` of a missing file with empty text (gemini 0.61 checks a file it writes by reading it). */
    readonly missingFileReadsEmpty?: boolean;
}

export interface AgentMode { readonly id: string; readonly name: string; readonly description?: string }

/** What a profile may copy into its discovery file besides the common fields. */
export interface DiscoveryFileInfo {
    readonly ideDisplayName: string;
    /** The backend's pid: the CLI deletes a lock file whose pid is dead. */
    readonly backendPid: number;
    readonly workspaceFolders: readonly string[];
}

export interface ProfileEnvNames {
    /** Absent for a CLI that finds its IDE by its lock files alone (Copilot CLI). */
    readonly port?: string;
    readonly workspacePath?: string;
    readonly authToken?: string;
    readonly idePid?: string;
}

/** A directory below the user's home, movable by an environment variable (e.g. QWEN_HOME). */
export interface HomeRelativePath {
    readonly overrideEnv?: string;
    readonly homeDir: string;
    readonly segments: readonly string[];
}

/** Where a CLI keeps its approval mode, and which modes write without asking; workspace files override the user's. */
export interface SilentWriteModes {
    /** The key path in the settings files, e.g. `tools.approvalMode`. */
    readonly key: readonly string[];
    /** The mode when no file sets it. */
    readonly defaultMode: string;
    /** The modes in which the CLI writes files without asking. */
    readonly silent: readonly string[];
    /** The user's settings file when it is not `userSettings`. */
    readonly userFile?: HomeRelativePath;
    /** The folder below each workspace root, and its files in the order the CLI applies them. */
    readonly projectDir: string;
    readonly projectFiles: readonly string[];
}

export type DiscoveryLayout =
    | { readonly base: 'tmpdir'; readonly segments: readonly string[]; readonly fileName: FileNamePattern }
    | {
        readonly base: 'home';
        readonly home: HomeRelativePath;
        readonly fileName: FileNamePattern;
        /** A second directory the same file goes to, only when its variable is set (CLAUDE_CONFIG_DIR). */
        readonly mirror?: HomeRelativePath & { readonly overrideEnv: string };
    };

export interface FileNamePattern {
    /** Builds the file name for one server. */
    readonly format: (ids: { pid: number; port: number }) => string;
    /** Recognises every file name of this layout (ours and other IDEs'). */
    readonly matches: RegExp;
}
