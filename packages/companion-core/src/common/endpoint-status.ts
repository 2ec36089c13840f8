/** What an editor window tells its server, and what the server reports back: plain data for both sides. */

export interface WorkspaceState {
    /** Absolute file-system paths of the workspace roots. */
    readonly roots: readonly string[];
    /** Workspace trust; undefined when the IDE has trust switched off (then the CLI decides). */
    readonly trusted?: boolean;
}

export interface EndpointSessionStatus {
    readonly id: string;
    readonly clientId: string;
    readonly since: number;
    /** Whether its event stream is open right now (a CLI reconnects it within about a second). */
    readonly streaming: boolean;
    /** See McpSession.remotePort. */
    readonly remotePort?: number;
    /** The CLI's process, where the transport tells it (Codex, found by its folder) and it has no remotePort. */
    readonly pid?: number;
    /** What the CLI named its session (Copilot CLI's update_session_name). */
    readonly name?: string;
}

export interface EndpointStatus {
    readonly port: number;
    readonly workspacePath: string;
    readonly profiles: readonly string[];
    readonly sessions: readonly EndpointSessionStatus[];
    readonly files: readonly string[];
    readonly pendingDiffs: number;
    readonly lastError?: string;
}
