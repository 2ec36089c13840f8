import { RpcServer } from '@theia/core/lib/common/messaging/proxy-factory';
import type { DiffRequest } from '@ai-cli-companion/core/lib/companion-tools';
import type { IdeContext } from '@ai-cli-companion/core/lib/wire-schemas';

export type { DiffRequest, IdeContext };

/** RPC path of the per-window companion service. */
export const COMPANION_SERVICE_PATH = '/services/ai-cli-companion';

/** What a window tells the backend about itself. */
export interface WindowWorkspace {
    /** Absolute file-system paths of the window's workspace roots. */
    readonly roots: string[];
    /** Workspace trust, or undefined when Theia's trust feature is off. */
    readonly trusted?: boolean;
}

export interface CompanionSessionInfo {
    readonly id: string;
    readonly clientId: string;
    readonly since: number;
    /** The client-side port of the session's connection: finds the CLI process (and its terminal). */
    readonly remotePort?: number;
}

/** A window's companion server as the status bar and the status command show it. */
export interface CompanionStatus {
    readonly running: boolean;
    readonly port: number;
    readonly workspacePath: string;
    readonly enabledClients: string[];
    readonly sessions: CompanionSessionInfo[];
    readonly discoveryFiles: string[];
    readonly lastError?: string;
}

export type DiffOutcome = { accepted: true; content: string } | { accepted: false };

export const CompanionService = Symbol('CompanionService');
/** Frontend → backend, one instance per window (frontend connection). */
export interface CompanionService extends RpcServer<CompanionClient> {
    /** Binds this window to a companion server and returns the environment its terminals need. */
    attach(workspace: WindowWorkspace, enabledClients: string[]): Promise<Record<string, string>>;
    updateWorkspace(workspace: WindowWorkspace): Promise<Record<string, string>>;
    setEnabledClients(clientIds: string[]): Promise<Record<string, string>>;
    updateContext(context: IdeContext): Promise<void>;
    /** The user decided on a diff: tells the CLI session that asked for it. */
    resolveDiff(sessionId: string, filePath: string, outcome: DiffOutcome): Promise<boolean>;
    getStatus(): Promise<CompanionStatus>;
    /** Whether the CLI's user settings have `ide.enabled: true` (set by `/ide enable`). */
    isIdeModeEnabled(clientId: string): Promise<boolean>;
    /** Sets `ide.enabled: true` in the CLI's user settings, keeping every other key. */
    enableIdeMode(clientId: string): Promise<string>;
}

export const CompanionClient = Symbol('CompanionClient');
/** Backend → frontend calls, answered by the window. */
export interface CompanionClient {
    openDiff(request: DiffRequest): Promise<void>;
    closeDiff(request: { sessionId: string; filePath: string }): Promise<string | undefined>;
    sessionEnded(sessionId: string): void;
    statusChanged(status: CompanionStatus): void;
}
