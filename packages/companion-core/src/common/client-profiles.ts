/*
 * Pure data, no Node imports: the browser side reads this file too.
 */

/**
 * Everything that differs between the CLIs that speak the IDE-companion protocol.
 * Adding a fork is one more entry in CLIENT_PROFILES: no code branches on a client id.
 */
export interface ClientProfile {
    /** Stable id, used in preferences, tokens and logs. */
    readonly id: string;
    /** What users call the CLI. */
    readonly displayName: string;
    /** The command that starts the CLI in a terminal. */
    readonly command: string;
    /** The npm package that installs `command` (offered when the command is missing). */
    readonly npmPackage?: string;
    readonly discovery: DiscoveryLayout;
    /** Names of the environment variables the CLI reads; absent ones are not exported. */
    readonly env: ProfileEnvNames;
    /** Extra keys written into the discovery file for this client only. */
    readonly extraFileFields?: (info: DiscoveryFileInfo) => Record<string, unknown>;
    /** The CLI's user settings file, where `ide.enabled` lives; absent when the CLI has no such switch. */
    readonly userSettings?: HomeRelativePath;
    /**
     * How the CLI talks to the IDE: MCP Streamable HTTP on the port (default), MCP over a WebSocket on it,
     * MCP Streamable HTTP on a Unix socket of its own, named by a lock file its server writes (Copilot CLI), or
     * requests on one message-router socket per user that the backend serves for every window (Codex CLI).
     */
    readonly transport?: ClientTransport;
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

export type ClientTransport = 'http' | 'ws' | 'pipe' | 'ipc';

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

const GEMINI_FILE: FileNamePattern = {
    format: ({ pid, port }) => `gemini-ide-server-${pid}-${port}.json`,
    matches: /^gemini-ide-server-\d+-\d+\.json$/
};

export const CLIENT_PROFILES: readonly ClientProfile[] = [
    {
        id: 'gemini',
        displayName: 'Gemini CLI',
        command: 'gemini',
        npmPackage: '@google/gemini-cli',
        discovery: { base: 'tmpdir', segments: ['gemini', 'ide'], fileName: GEMINI_FILE },
        env: {
            port: 'GEMINI_CLI_IDE_SERVER_PORT',
            workspacePath: 'GEMINI_CLI_IDE_WORKSPACE_PATH',
            authToken: 'GEMINI_CLI_IDE_AUTH_TOKEN',
            idePid: 'GEMINI_CLI_IDE_PID'
        },
        userSettings: { overrideEnv: 'GEMINI_CLI_HOME', homeDir: '', segments: ['.gemini', 'settings.json'] }
    },
    {
        id: 'qwen',
        displayName: 'Qwen Code',
        command: 'qwen',
        npmPackage: '@qwen-code/qwen-code',
        discovery: {
            base: 'home',
            home: { overrideEnv: 'QWEN_HOME', homeDir: '.qwen', segments: ['ide'] },
            fileName: { format: ({ port }) => `${port}.lock`, matches: /^\d+\.lock$/ }
        },
        env: { port: 'QWEN_CODE_IDE_SERVER_PORT', workspacePath: 'QWEN_CODE_IDE_WORKSPACE_PATH' },
        // Qwen's own companion writes `ideName`; the CLI reads `ideInfo`. Write both.
        extraFileFields: ({ ideDisplayName }) => ({ ideName: ideDisplayName }),
        userSettings: { overrideEnv: 'QWEN_HOME', homeDir: '.qwen', segments: ['settings.json'] },
        // 0.24.4 defaults to auto.
        silentWriteModes: { key: ['tools', 'approvalMode'], defaultMode: 'auto', silent: ['auto', 'auto-edit', 'yolo'], projectDir: '.qwen', projectFiles: ['settings.json'] }
    },
    {
        id: 'llxprt',
        displayName: 'LLxprt Code',
        command: 'llxprt',
        discovery: {
            base: 'tmpdir',
            segments: ['llxprt', 'ide'],
            fileName: {
                format: ({ pid, port }) => `llxprt-ide-server-${pid}-${port}.json`,
                matches: /^llxprt-ide-server-\d+-\d+\.json$/
            }
        },
        env: {
            port: 'LLXPRT_CODE_IDE_SERVER_PORT',
            workspacePath: 'LLXPRT_CODE_IDE_WORKSPACE_PATH',
            authToken: 'LLXPRT_CODE_IDE_AUTH_TOKEN'
        },
        userSettings: { homeDir: '', segments: ['.llxprt', 'settings.json'] }
    },
    {
        id: 'claude',
        displayName: 'Claude Code',
        command: 'claude',
        npmPackage: '@anthropic-ai/claude-code',
        transport: 'ws',
        discovery: {
            base: 'home',
            home: { homeDir: '.claude', segments: ['ide'] },
            fileName: { format: ({ port }) => `${port}.lock`, matches: /^\d+\.lock$/ },
            // 2.1.330 scans $CLAUDE_CONFIG_DIR/ide as well as ~/.claude/ide; write both.
            mirror: { overrideEnv: 'CLAUDE_CONFIG_DIR', homeDir: '.claude', segments: ['ide'] }
        },
        // The port picks the lock file (and its token); ENABLE_IDE_INTEGRATION is for older versions.
        env: { port: 'CLAUDE_CODE_SSE_PORT' },
        extraEnv: { ENABLE_IDE_INTEGRATION: 'true' },
        // The fields 2.1.330 reads; `transport: "ws"` is required (without it the CLI dials legacy SSE).
        extraFileFields: ({ ideDisplayName, backendPid, workspaceFolders }) => ({
            pid: backendPid, workspaceFolders: [...workspaceFolders], ideName: ideDisplayName, transport: 'ws', runningInWindows: false
        }),
        maxSessions: 1,
        // A fresh config starts in auto mode; --permission-mode on the command line overrides all of these.
        silentWriteModes: {
            key: ['permissions', 'defaultMode'], defaultMode: 'auto', silent: ['auto', 'acceptEdits', 'bypassPermissions', 'dontAsk'],
            userFile: { homeDir: '.claude', segments: ['settings.json'] }, projectDir: '.claude', projectFiles: ['settings.json', 'settings.local.json']
        },
        diffModeNote: 'Claude Code offers no diff in auto mode, in acceptEdits mode, or with "diffTool": "terminal" in ~/.claude.json: ' +
            'start it with `claude --permission-mode default` (or press Shift+Tab until the footer shows "manual mode"), ' +
            'or set "permissions": {"defaultMode": "default"} in .claude/settings.json of the project, and keep "diffTool": "auto".'
    },
    {
        id: 'copilot',
        displayName: 'Copilot CLI',
        command: 'copilot',
        npmPackage: '@github/copilot',
        // Its own server writes the lock (socket path and nonce, see node/copilot); the CLI picks the lock
        // whose workspaceFolders hold its folder, so terminals need no variable (1.0.102 reads none).
        transport: 'pipe',
        discovery: {
            base: 'home',
            home: { overrideEnv: 'COPILOT_HOME', homeDir: '.copilot', segments: ['ide'] },
            fileName: {
                format: () => { throw new Error('Copilot CLI lock files are named by their server'); },
                matches: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.lock$/
            }
        },
        env: {},
        // Copilot CLI's own IDEs keep one session per CLI process; a few CLIs in a window's terminals are fine.
        maxSessions: 8
    },
    {
        id: 'codex',
        displayName: 'Codex CLI',
        command: 'codex',
        npmPackage: '@openai/codex',
        // The backend's socket (node/codex-ipc) answers the CLI's `ide-context` for the window that has its
        // folder, so terminals need no variable; the CLI finds the socket through TMPDIR, which they inherit.
        transport: 'ipc',
        // 0.169.0 has no setting for it: IDE context is off in each new run until `/ide` (or `/ide on`).
        ideCommand: '/ide on',
        typedReference: 'path',
        discovery: {
            base: 'tmpdir',
            segments: ['codex-ipc'],
            fileName: {
                format: () => { throw new Error('The Codex socket is named by the user id, one for every window'); },
                matches: /^ipc-\d+\.sock$/
            }
        },
        env: {}
    }
];

/** Whether the CLI finds a window's port in a discovery file the companion server writes (not its own socket). */
export function usesDiscoveryFile(profile: ClientProfile): boolean {
    return profile.transport === undefined || profile.transport === 'http' || profile.transport === 'ws';
}

export function findProfile(id: string): ClientProfile | undefined {
    return CLIENT_PROFILES.find(profile => profile.id === id);
}


/** Every environment variable any profile reads: what a terminal must not inherit from elsewhere. */
export function companionEnvNames(profiles: readonly ClientProfile[] = CLIENT_PROFILES): string[] {
    return profiles.flatMap(profile => Object.values(profile.env).filter((name): name is string => !!name));
}
