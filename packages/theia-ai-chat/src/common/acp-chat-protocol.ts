import type { RpcServer } from '@theia/core/lib/common/messaging/proxy-factory';
import type { AcpAgentLaunch } from '@ai-cli-companion/acp-client';
import type { AcpAuthMethodData, AcpTerminalLogin } from './auth/acp-auth-methods';
import type { AcpElicitationAnswer, AcpElicitationRequest } from './elicitation/acp-elicitation';
import type { AcpAgentStartProgress } from './agents/agent-start-progress';
import type { AcpAvailableCommand } from './session-config/acp-commands';
import type { AcpPermissionRequest } from './permissions/permission-request';
import type { AcpTerminalOutput } from './tool-calls/terminal-output';

export const ACP_CHAT_PATH = '/services/ai-cli-companion/acp-chat';

/** One ACP agent as the chat knows it: a built-in profile or an `aiCliChat.agents` entry. */
export interface AcpChatAgentConfig extends AcpAgentLaunch {
    /** The chat agent's id and `@` name (one token). */
    readonly id: string;
    /**
     * Answer `fs/read_text_file` of a file that does not exist with empty text instead of an error.
     * gemini 0.61 checks a file it is about to write by reading it, and the SDK's error reaches it as
     * a plain object it cannot recognise as ENOENT: write_file then fails without asking (acp.md §3).
     */
    readonly missingFileReadsEmpty?: boolean;
    /**
     * The environment variable that carries the agent's API key (gemini GEMINI_API_KEY, qwen OPENAI_API_KEY):
     * a key the user sets is kept in the system's credential store and passed in this variable.
     */
    readonly apiKeyEnv?: string;
}

export interface AcpMode { readonly id: string; readonly name: string; readonly description?: string | null }
/** A model from `session/new` (`models.availableModels`; unstable in ACP, reported by gemini and qwen). */
export interface AcpModel { readonly modelId: string; readonly name: string; readonly description?: string | null }
/** An ACP `SessionConfigOption` as the agent sent it; read loosely (`sortConfigOptions` in acp-config-options.ts). */
export type AcpConfigOptionData = Record<string, unknown>;
/** A session's last `usage_update`: tokens in context, the window's size, the cost so far. */
export interface AcpUsageData { readonly used: number; readonly size: number; readonly cost?: { readonly amount: number; readonly currency: string } | null }

/** What the chat needs to know about an open ACP session. */
export interface AcpSessionInfo {
    readonly sessionId: string;
    /** True when this call opened the session (a fresh one after a crash loses the history). */
    readonly opened: boolean;
    readonly modes: AcpMode[];
    readonly currentModeId?: string;
    /** Empty when the agent reports none (then the chat offers no model choice). */
    readonly models: AcpModel[];
    readonly currentModelId?: string;
    /** The model the session opened with: what the chat's "Default" model choice returns to. */
    readonly defaultModelId?: string;
    readonly promptCapabilities: { image?: boolean; audio?: boolean; embeddedContext?: boolean };
    readonly authMethods: Array<{ id: string; name: string; description?: string | null }>;
    /**
     * Set when this call continued a session the chat had before (an app restart, a reload, a crash):
     * `resumed`/`loaded` (the agent remembers the conversation) or `new` with the plain `reason` it does not.
     */
    readonly attached?: { readonly how: 'live' | 'resumed' | 'loaded' | 'new'; readonly reason?: string };
    /** After `loaded`: the replayed updates the chat's transcript (`shown` in `prepare`) does not show yet. */
    readonly replay?: AcpSessionUpdate[];
    /** The agent's `configOptions` as it last stated them; absent when it reports none (gemini 0.61). */
    readonly configOptions?: AcpConfigOptionData[];
    /** The session's last `usage_update`, when the agent sent one (a reloaded window shows it again). */
    readonly usage?: AcpUsageData;
    /** The session's last slash commands (`available_commands_update`), for a chat that takes over an open session. */
    readonly commands?: AcpAvailableCommand[];
}

/** A message the chat shows, for `prepare` to drop from a `session/load` replay what is already on screen. */
export interface AcpShownMessage { readonly role: 'user' | 'agent'; readonly text: string }

export type AcpTurnResult =
    | { readonly stopReason: string }
    | { readonly error: { readonly code: string; readonly message: string; readonly details: string } };

/** An ACP content block (text, resource_link, resource); kept loose so `common/` needs no SDK import. */
export type AcpContentBlock = { type: string } & Record<string, unknown>;
/** A `session/update` payload. */
export type AcpSessionUpdate = { sessionUpdate: string } & Record<string, unknown>;

/** The backend: one ACP session per (chat session, agent), one agent process per (agent, workspace). */
export const AcpChatService = Symbol('AcpChatService');
export interface AcpChatService extends RpcServer<AcpChatClient> {
    /** Opens the chat session's ACP session if it has none (starting the agent if needed). */
    /**
     * A session the chat had before (this backend's, or one remembered across a restart) is continued first:
     * `session/resume`, else `session/load` (`shown`: the chat's transcript, what of the replay is not in it
     * comes back as `replay`), else a new session whose `attached.reason` says the agent starts fresh.
     */
    prepare(chatSessionId: string, agent: AcpChatAgentConfig, roots: string[], shown?: AcpShownMessage[]): Promise<AcpSessionInfo | { error: AcpTurnErrorData }>;
    setMode(chatSessionId: string, agentId: string, modeId: string): Promise<void>;
    /** `session/set_model`; the agent's failure comes back as data, never as a rejection. */
    setModel(chatSessionId: string, agentId: string, modelId: string): Promise<{ error: AcpTurnErrorData } | undefined>;
    /**
     * `session/set_config_option` (a select's value or a boolean); the agent's answer is the session's whole new set.
     * The agent's failure comes back as data, never as a rejection.
     */
    setConfigOption(chatSessionId: string, agentId: string, configId: string, value: string | boolean):
        Promise<{ configOptions: AcpConfigOptionData[] } | { error: AcpTurnErrorData }>;
    /** Resolves when the turn ends, however it ends; never rejects for agent failures. */
    prompt(chatSessionId: string, agentId: string, prompt: AcpContentBlock[]): Promise<AcpTurnResult>;
    /** `session/cancel`, and every pending permission of the session answered `cancelled`. */
    cancel(chatSessionId: string, agentId: string): Promise<void>;
    /**
     * `optionId` must be one the agent offered; undefined answers `cancelled`. False when unknown or not offered.
     * `reason`: the user's words on a rejecting option, sent in the response's `_meta["aiCliCompanion/rejectReason"]`.
     */
    answerPermission(permissionId: string, optionId: string | undefined, reason?: string): Promise<boolean>;
    /** The user's answer to a form or link the agent asked about; an error text when it does not fit (the form stays open). */
    answerElicitation(elicitationId: string, answer: AcpElicitationAnswer): Promise<string | undefined>;
    /** `authenticate` with one of the agent's own (`agent` kind) sign-in methods; the agent's failure comes back as data. */
    authenticate(agent: AcpChatAgentConfig, roots: string[], methodId: string): Promise<{ error: AcpTurnErrorData } | undefined>;
    /**
     * What the terminal of the agent's `terminal` sign-in method runs, computed now from the user's settings and the
     * method as the agent last offered it: the program as an absolute path (never a shell), the method's arguments and
     * environment; a problem text when it cannot run (no such method now, a loader variable, a program not found).
     */
    terminalLogin(agent: AcpChatAgentConfig, roots: string[], methodId: string): Promise<AcpTerminalLogin | { problem: string }>;
    /** A terminal sign-in ended well: the agent's processes start afresh at their next use, and read the new login. */
    signedIn(agentId: string): Promise<void>;
    closeChatSession(chatSessionId: string): Promise<void>;
    /**
     * A file of the session's workspace as it is on disk, read as `fs/read_text_file` is (no link followed,
     * never blocking on a FIFO, regular files only, size-capped); undefined when missing, refused or outside.
     * For the change set of files an agent wrote itself: their paths come from the agent's tool calls.
     */
    readWorkspaceFile(chatSessionId: string, agentId: string, path: string): Promise<string | undefined>;
}
export interface AcpTurnErrorData {
    readonly code: string;
    readonly message: string;
    readonly details: string;
    /** The agent's `authMethods`, when it needs a login: each one a button (common/acp-auth-methods.ts). */
    readonly authMethods?: AcpAuthMethodData[];
    /** Why Theia cannot keep an API key (no Secret Service answers), when it needs a login; absent when it can. */
    readonly credentialStoreProblem?: string;
}

/** The frontend: where updates, questions and file access go. */
export interface AcpChatClient {
    onSessionUpdate(chatSessionId: string, agentId: string, update: AcpSessionUpdate): void;
    /**
     * A session's updates in the order the agent sent them. The backend sends updates this way, batched
     * (node/session/update-batches.ts); whatever else it sends the window comes after the updates before it.
     */
    onSessionUpdates(chatSessionId: string, agentId: string, updates: AcpSessionUpdate[]): void;
    onPermissionRequest(chatSessionId: string, agentId: string, request: AcpPermissionRequest): void;
    /** The permission was settled elsewhere (cancel, agent withdrew it, agent died). */
    onPermissionSettled(permissionId: string): void;
    /**
     * The text of an open editor with unsaved changes; undefined when the file has none (the backend
     * then reads the disk itself: `fs/*` never reaches the file service, which follows links and blocks on FIFOs).
     */
    readUnsavedText(chatSessionId: string, path: string): Promise<string | undefined>;
    /**
     * The backend wrote the agent's `content` to `path` (`before`: its text until then, undefined for a
     * new file): an open editor reloads it from disk (undo works), and the chat's change set lists it.
     */
    onTextFileWritten(chatSessionId: string, agentId: string, path: string, before: string | undefined, content: string): Promise<void>;
    onTerminalOutput(chatSessionId: string, output: AcpTerminalOutput): void;
    /**
     * `prepare` is starting the agent's process (none ran): the answer shows `progress` until `prepare` returns.
     * Sent again with each new last line the start prints (npm's output while npx fetches the agent).
     */
    onAgentStarting?(chatSessionId: string, agentId: string, progress: AcpAgentStartProgress): void;
    /** A form (or link) the agent asks the user about; answered through `answerElicitation`. */
    onElicitationRequest(chatSessionId: string, agentId: string, request: AcpElicitationRequest): void;
    /** The question was settled elsewhere (Stop, the agent withdrew it, the turn ended). */
    onElicitationSettled(elicitationId: string): void;
}
