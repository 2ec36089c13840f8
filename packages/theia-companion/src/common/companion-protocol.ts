import { RpcServer } from '@theia/core/lib/common/messaging/proxy-factory';
import type { DiffDelivery, DiffOutcome, EndpointSessionStatus, EndpointStatus, FileDiagnostics, PendingDiff, IdeContext, WorkspaceState } from '@ai-cli-companion/core';

export type { DiffDelivery, DiffOutcome, EndpointSessionStatus, IdeContext, PendingDiff, WorkspaceState };

/** A window's companion server as the status bar and the status command show it; not running: no server attached. */
export type CompanionStatus = EndpointStatus & { readonly running: boolean };

/** RPC path of the per-window companion service. */
export const COMPANION_SERVICE_PATH = '/services/ai-cli-companion';

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
    attach(windowKey: string | undefined, workspace: WorkspaceState, enabledClients: string[]): Promise<WindowAttachment>;
    updateWorkspace(workspace: WorkspaceState): Promise<Record<string, string>>;
    setEnabledClients(clientIds: string[]): Promise<Record<string, string>>;
    updateContext(context: IdeContext): Promise<void>;
    /**
     * *Send Selection to CLI* by notification (Claude Code's `at_mentioned`, 1-based lines here): returns how many
     * connected sessions got it (0: none, type into the terminal instead).
     */
    atMention(filePath: string, firstLine: number, lastLine: number): Promise<number>;
    /** *Send Selection to CLI* for one Copilot CLI session (`add_selection`, 1-based lines here): whether it went. */
    addSelection(sessionId: string, filePath: string, firstLine: number, lastLine: number): Promise<boolean>;
    /** *Send to Copilot CLI* from the Explorer: `add_file_reference` per file or folder to that session: whether it went. */
    addFileReferences(sessionId: string, filePaths: string[]): Promise<boolean>;
    /** These files' problems changed (file: URLs): Copilot CLI hears it as diagnostics_changed. */
    diagnosticsChanged(uris: string[]): Promise<void>;
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
