import type * as acp from '@agentclientprotocol/sdk';
import type { AgentLogger } from './agent-logger';
import type { AgentProcess } from './agent-process';
import type { AcpAgentLaunch } from './agent-profiles';

/** How a workspace agent starts its process, and which client capabilities it serves. */
export interface WorkspaceAgentOptions {
    readonly workspace: string;
    readonly profile: AcpAgentLaunch;
    readonly command?: string;
    /** The environment for the next agent start (e.g. the server's plus stored credentials). */
    readonly environment: () => Promise<NodeJS.ProcessEnv>;
    readonly logger: AgentLogger;
    readonly scrub: (text: string) => string;
    /** After a cancel, how long the agent may take to end the turn before it is killed. */
    readonly cancelGraceMs?: number;
    /** Serve `fs/read_text_file` / `fs/write_text_file` through the sessions' handlers (advertises `fs`). */
    readonly serveFileSystem?: boolean;
    /** Serve `terminal/*` through the sessions' `terminals` (advertises `terminal`). */
    readonly serveTerminals?: boolean;
    /** Show command output the agent streams in tool-call `_meta` (see `AgentStartOptions.showsTerminalOutputMeta`). */
    readonly showsTerminalOutputMeta?: boolean;
    /** Declare `elicitation: { form: {} }` and route `elicitation/create` to the session's `onElicitation`. */
    readonly formElicitation?: boolean;
    /** With `formElicitation`, also declare `url: {}` (URL-mode requests reach `onElicitation` too). */
    readonly urlElicitation?: boolean;
    /** Declare `auth: { terminal: true }` (the host runs `terminal` sign-in methods). */
    readonly terminalAuth?: boolean;
    /** Declare `session.configOptions.boolean` (the host shows boolean config options). */
    readonly booleanConfigOptions?: boolean;
    /** How long `session/new` may take (default DEFAULT_SESSION_START_TIMEOUT_MS, 60 s; `initialize` has its own 60 s). */
    readonly sessionStartTimeoutMs?: number;
    /** How long `session/load` / `session/resume` may take before a session starts fresh (default 60 s). */
    readonly attachTimeoutMs?: number;
    readonly clientName?: string;
}

export interface OpenedSession {
    readonly sessionId: string;
    readonly state: acp.NewSessionResponse;
    readonly agent: AgentProcess;
}
