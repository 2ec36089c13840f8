import { RpcServer } from '@theia/core/lib/common/messaging/proxy-factory';
import type { FileDiagnostics } from '@ai-cli-companion/core';
import type { DiffDelivery, DiffOutcome, PendingDiff, IdeContext } from '@ai-cli-companion/core';

export type { DiffDelivery, DiffOutcome, IdeContext, PendingDiff };

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
    readonly pendingDiffs: number;
    readonly lastError?: string;
}

/** The answer to attach: the key the page keeps for its next reload, and its terminals' environment. */
export interface WindowAttachment {
    readonly windowKey: string;
    readonly terminalEnv: Record<string, string>;
}

export const CompanionService = Symbol('CompanionService');
/** Frontend → backend, one instance per window (frontend connection). */
export interface CompanionService extends RpcServer<CompanionClient> {
    /**
     * Binds this window to a companion server: after a reload (same `windowKey`) the one it had, with its
     * CLI sessions and pending diffs (shown again through `showDiff`).
     */
    attach(windowKey: string | undefined, workspace: WindowWorkspace, enabledClients: string[]): Promise<WindowAttachment>;
    updateWorkspace(workspace: WindowWorkspace): Promise<Record<string, string>>;
    setEnabledClients(clientIds: string[]): Promise<Record<string, string>>;
    updateContext(context: IdeContext): Promise<void>;
    /**
     * *Send Selection to CLI* by notification (Claude Code's `at_mentioned`, 1-based lines here): returns how many
     * connected sessions got it (0: none, type into the terminal instead).
     */
    atMention(filePath: string, firstLine: number, lastLine: number): Promise<number>;
    /** The user decided on a diff: tells the CLI session that asked for it, if it is still there. */
    resolveDiff(diffId: string, outcome: DiffOutcome): Promise<DiffDelivery>;
    getStatus(): Promise<CompanionStatus>;
    /** Whether the CLI's user settings have `ide.enabled: true` (set by `/ide enable`). */
    isIdeModeEnabled(clientId: string): Promise<boolean>;
    /** Sets `ide.enabled: true` in the CLI's user settings, keeping every other key. */
    enableIdeMode(clientId: string): Promise<string>;
}

export const CompanionClient = Symbol('CompanionClient');
/** Backend → frontend calls, answered by the window. */
export interface CompanionClient {
    /** Opens the review of a proposal; resolves once it is visible. */
    showDiff(diff: PendingDiff): Promise<void>;
    /** Closes a review without a decision; returns the proposal as the user edited it. */
    closeDiff(diffId: string): Promise<string | undefined>;
    statusChanged(status: CompanionStatus): void;
    /** The window's problems (Problems view markers) for one file: URL, or all files (Claude Code's getDiagnostics). */
    getDiagnostics(uri: string | undefined): Promise<FileDiagnostics[]>;
}
