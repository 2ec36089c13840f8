import type { ClaudeSelectionChanged, DiagnosticSeverityName, FileDiagnostics } from '../../common/claude-ide-wire';
import { fileUrlOf, pathOfFileUrl } from '../../common/claude-ide-wire';

/*
 * Copilot CLI's IDE protocol as 1.0.102 parses it (shared/protocol/codex-copilot.md §2, checked against
 * the binary): MCP on a Unix socket, these names and these result shapes, each result as JSON text.
 */

/** The CLI recognises its IDE server by this name, whatever the IDE. */
export const COPILOT_MCP_SERVER_NAME = 'vscode-copilot-cli';

export const CopilotTools = {
    info: 'get_vscode_info',
    selection: 'get_selection',
    diagnostics: 'get_diagnostics',
    openDiff: 'open_diff',
    closeDiff: 'close_diff',
    sessionName: 'update_session_name'
} as const;

/** Told to the user who accepted an edited proposal: 1.0.102 reads only SAVED and writes its own text. */
export const COPILOT_EDITS_NOT_CARRIED = 'Copilot CLI writes its own proposal; your edits in the diff were not applied. Copy them to apply after it has written the file.';

export const CopilotNotifications = {
    selection: 'selection_changed', diagnostics: 'diagnostics_changed', addSelection: 'add_selection', addFileReference: 'add_file_reference'
} as const;

/**
 * `add_selection` and `add_file_reference` (the same params): 1.0.102 types `@<path relative to its folder>`
 * into its input, with `:<first>-<last>` when there is a selection (lines only). Not sent: the user's Enter is.
 */
export interface CopilotAddSelection {
    readonly filePath: string;
    readonly fileUrl: string;
    readonly selection: { readonly start: { line: number; character: number }; readonly end: { line: number; character: number } } | null;
    readonly selectedText: string | null;
}

/** *Send Selection to CLI* for Copilot CLI: 1-based editor lines (as the typed reference has them) to its 0-based ones. */
export function copilotAddSelectionOf(filePath: string, firstLine: number, lastLine: number): CopilotAddSelection {
    return {
        filePath, fileUrl: fileUrlOf(filePath), selectedText: null,
        selection: { start: { line: Math.max(0, firstLine - 1), character: 0 }, end: { line: Math.max(0, lastLine - 1), character: 0 } }
    };
}

/** *Send to Copilot CLI* from the Explorer: a file or folder, no lines (`add_file_reference`). */
export function copilotFileReferenceOf(filePath: string): CopilotAddSelection {
    return { filePath, fileUrl: fileUrlOf(filePath), selection: null, selectedText: null };
}

/** How the user's decision came about; the CLI requires a string and acts on `result` alone. */
export type CopilotDiffTrigger = 'accepted_via_button' | 'rejected_via_button' | 'closed_via_tab' | 'closed_via_tool' | 'timeout';

/** `open_diff`'s answer: without `success`, `result`, `trigger` and `message` the CLI ignores it and asks in the terminal. */
export interface CopilotDiffResult {
    readonly success: boolean;
    readonly result: 'SAVED' | 'REJECTED';
    readonly trigger: CopilotDiffTrigger;
    readonly tab_name: string;
    readonly message: string;
    readonly error?: string;
}

/** `close_diff`'s answer (the CLI checks success, already_closed, tab_name and message). */
export interface CopilotCloseResult {
    readonly success: boolean;
    readonly already_closed: boolean;
    readonly tab_name: string;
    readonly message: string;
    readonly error?: string;
}

/** `selection_changed` params and `get_selection`'s answer: 0-based, `current` when it is the focused editor's. */
export type CopilotSelection = ClaudeSelectionChanged & { readonly current?: boolean };

export type CopilotSeverity = 'error' | 'warning' | 'information' | 'hint';

export interface CopilotFileDiagnostics {
    readonly uri: string;
    readonly filePath: string;
    readonly diagnostics: ReadonlyArray<{
        readonly message: string;
        readonly severity: CopilotSeverity;
        readonly range: FileDiagnostics['diagnostics'][number]['range'];
        readonly source?: string;
        readonly code?: string;
    }>;
}

const SEVERITIES: Record<DiagnosticSeverityName, CopilotSeverity> = { Error: 'error', Warning: 'warning', Info: 'information', Hint: 'hint' };

/** The window's problems (Claude Code's shape, which the adapters produce) in Copilot CLI's. */
export function copilotDiagnosticsOf(files: readonly FileDiagnostics[]): CopilotFileDiagnostics[] {
    return files.map(file => ({
        uri: file.uri,
        filePath: pathOfFileUrl(file.uri) ?? file.uri,
        diagnostics: file.diagnostics.map(({ message, severity, range, source, code }) => ({
            message, severity: SEVERITIES[severity] ?? 'error', range,
            ...(source !== undefined ? { source } : {}),
            ...(code !== undefined ? { code } : {})
        }))
    }));
}
