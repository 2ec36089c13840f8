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
    readonly extraFileFields?: (ideDisplayName: string) => Record<string, unknown>;
    /** The CLI's user settings file, where `ide.enabled` lives. */
    readonly userSettings: HomeRelativePath;
}

export interface ProfileEnvNames {
    readonly port: string;
    readonly workspacePath: string;
    readonly authToken?: string;
    readonly idePid?: string;
}

/** A directory below the user's home, movable by an environment variable (e.g. QWEN_HOME). */
export interface HomeRelativePath {
    readonly overrideEnv?: string;
    readonly homeDir: string;
    readonly segments: readonly string[];
}

export type DiscoveryLayout =
    | { readonly base: 'tmpdir'; readonly segments: readonly string[]; readonly fileName: FileNamePattern }
    | { readonly base: 'home'; readonly home: HomeRelativePath; readonly fileName: FileNamePattern };

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
        extraFileFields: ideDisplayName => ({ ideName: ideDisplayName }),
        userSettings: { overrideEnv: 'QWEN_HOME', homeDir: '.qwen', segments: ['settings.json'] }
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
    }
];

export function findProfile(id: string): ClientProfile | undefined {
    return CLIENT_PROFILES.find(profile => profile.id === id);
}


/** Every environment variable any profile reads: what a terminal must not inherit from elsewhere. */
export function companionEnvNames(profiles: readonly ClientProfile[] = CLIENT_PROFILES): string[] {
    return profiles.flatMap(profile => Object.values(profile.env).filter((name): name is string => !!name));
}
