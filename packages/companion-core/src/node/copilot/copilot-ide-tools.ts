import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { DiffOutcome } from '../../common/diff-registry';
import type { FileDiagnostics } from '../../common/claude-ide-wire';
import { pathOfFileUrl } from '../../common/claude-ide-wire';
import type { DiffRequest } from '../diff-broker';
import {
    CopilotCloseResult, CopilotDiffResult, CopilotDiffTrigger, CopilotSelection, CopilotTools, copilotDiagnosticsOf
} from './copilot-ide-wire';

/** What the Copilot CLI tools need from the companion. */
export interface CopilotIdeHost {
    /** Registers the proposal with the window's review; the user's decision, or undefined when it was withdrawn. */
    proposeDiff(request: DiffRequest, signal: AbortSignal): Promise<DiffOutcome | undefined>;
    /** Closes this session's review of that file without a decision. */
    closeDiff(sessionId: string, filePath: string): Promise<unknown>;
    /** The window's problems, for one file: URL or (undefined) for all files. */
    diagnostics(uri: string | undefined): Promise<FileDiagnostics[]>;
    /** The focused editor's selection (empty text: the cursor), undefined when no file is focused. */
    selection(): CopilotSelection | undefined;
    /** `get_vscode_info`'s answer. */
    info(): { ideName: string; appName: string; version: string; processId: number };
    /** The CLI named its session (its first prompt's summary): shown in the status item. */
    sessionNamed(sessionId: string, name: string): void;
}

const stringProperty = (description: string) => ({ type: 'string', description });

/** tools/list, with the names and arguments the CLI calls them by. */
export const COPILOT_IDE_TOOLS: Tool[] = [
    {
        name: CopilotTools.info,
        description: 'Information about the IDE: its name, version and process id.',
        inputSchema: { type: 'object' as const, properties: {} }
    },
    {
        name: CopilotTools.selection,
        description: 'The text selected in the IDE\'s focused editor, with its file and 0-based range; null when no file is focused.',
        inputSchema: { type: 'object' as const, properties: {} }
    },
    {
        name: CopilotTools.diagnostics,
        description: 'The problems (errors, warnings) the IDE shows, for one file (uri: file:// URL) or for all files.',
        inputSchema: { type: 'object' as const, properties: { uri: stringProperty('file:// URL of the file; omit for all files') } }
    },
    {
        name: CopilotTools.openDiff,
        description: 'Show a proposed change as a diff in the IDE and wait until the user accepts (SAVED) or rejects (REJECTED) it.',
        inputSchema: {
            type: 'object' as const,
            properties: {
                original_file_path: stringProperty('Absolute path of the file'),
                new_file_contents: stringProperty('The whole proposed content'),
                tab_name: stringProperty('Name of the diff tab, used by close_diff')
            },
            required: ['original_file_path', 'new_file_contents', 'tab_name']
        }
    },
    {
        name: CopilotTools.closeDiff,
        description: 'Close the diff tab of that name; a pending open_diff of it answers REJECTED.',
        inputSchema: { type: 'object' as const, properties: { tab_name: stringProperty('The tab_name given to open_diff') }, required: ['tab_name'] }
    },
    {
        name: CopilotTools.sessionName,
        description: 'Name the CLI session, as the IDE shows it.',
        inputSchema: { type: 'object' as const, properties: { name: stringProperty('The session name') }, required: ['name'] }
    }
];

/** The six tools for one session of Copilot CLI. */
export class CopilotIdeTools {
    /** tab_name → file path of this session's open diffs, and which of them close_diff closed. */
    private readonly tabs = new Map<string, string>();
    private readonly closedByTool = new Set<string>();

    constructor(private readonly session: { id: string; owner: string }, private readonly host: CopilotIdeHost) { }

    async call(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
        switch (name) {
            case CopilotTools.info: return json(this.host.info());
            case CopilotTools.selection: return json(this.host.selection() ?? null);
            case CopilotTools.diagnostics: return this.getDiagnostics(args);
            case CopilotTools.openDiff: return this.openDiff(args, signal);
            case CopilotTools.closeDiff: return this.closeDiff(args);
            case CopilotTools.sessionName: return this.updateSessionName(args);
            default: return errorResult(`Unknown tool ${name}.`);
        }
    }

    /** Blocks until the user decides; any failure to show it is an error, and the CLI asks in the terminal instead. */
    private async openDiff(args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
        const { original_file_path: filePath, new_file_contents: newContent, tab_name: tabName } = args;
        if (typeof filePath !== 'string' || !filePath || typeof newContent !== 'string' || typeof tabName !== 'string' || !tabName) {
            return errorResult('open_diff needs string arguments original_file_path, new_file_contents and tab_name.');
        }
        this.tabs.set(tabName, filePath);
        this.closedByTool.delete(tabName);
        try {
            const outcome = await this.host.proposeDiff({ sessionId: this.session.id, clientId: this.session.owner, filePath, newContent }, signal);
            return json(diffResult(tabName, outcome, this.closedByTool.has(tabName)));
        } catch (error) {
            return errorResult(`Cannot show the diff: ${(error as Error).message}`);
        } finally {
            if (this.tabs.get(tabName) === filePath) {
                this.tabs.delete(tabName);
            }
            this.closedByTool.delete(tabName);
        }
    }

    private async closeDiff(args: Record<string, unknown>): Promise<CallToolResult> {
        const tabName = args.tab_name;
        if (typeof tabName !== 'string') {
            return errorResult('close_diff needs a string argument tab_name.');
        }
        const filePath = this.tabs.get(tabName);
        if (filePath === undefined) {
            return json(closeResult(tabName, true));
        }
        this.closedByTool.add(tabName);
        await this.host.closeDiff(this.session.id, filePath);
        return json(closeResult(tabName, false));
    }

    private async getDiagnostics(args: Record<string, unknown>): Promise<CallToolResult> {
        const uri = args.uri;
        if (uri !== undefined && (typeof uri !== 'string' || (uri !== '' && pathOfFileUrl(uri) === undefined))) {
            return errorResult('get_diagnostics: uri must be a file:// URL.');
        }
        try {
            return json(copilotDiagnosticsOf(await this.host.diagnostics(uri || undefined)));
        } catch (error) {
            return errorResult(`Cannot read the IDE's problems: ${(error as Error).message}`);
        }
    }

    private updateSessionName(args: Record<string, unknown>): CallToolResult {
        if (typeof args.name !== 'string') {
            return errorResult('update_session_name needs a string argument name.');
        }
        this.host.sessionNamed(this.session.id, args.name.slice(0, 200));
        return json({ success: true });
    }
}

/** The decision in the CLI's words: accept → SAVED (the CLI then writes its proposal), anything else → REJECTED. */
export function diffResult(tabName: string, outcome: DiffOutcome | undefined, closedByTool: boolean): CopilotDiffResult {
    if (outcome?.accepted) {
        return { success: true, result: 'SAVED', trigger: 'accepted_via_button', tab_name: tabName, message: 'The user accepted the change.' };
    }
    const trigger: CopilotDiffTrigger = outcome === undefined || closedByTool ? 'closed_via_tool'
        : outcome.via === 'tab' ? 'closed_via_tab' : 'rejected_via_button';
    const message = trigger === 'closed_via_tab' ? 'The user closed the diff tab without accepting the change.'
        : trigger === 'closed_via_tool' ? 'The diff was closed before the user decided.'
        : 'The user rejected the change.';
    return { success: true, result: 'REJECTED', trigger, tab_name: tabName, message };
}

function closeResult(tabName: string, alreadyClosed: boolean): CopilotCloseResult {
    return { success: true, already_closed: alreadyClosed, tab_name: tabName, message: alreadyClosed ? 'No open diff has that name.' : 'Diff closed.' };
}

function json(value: unknown): CallToolResult {
    return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

function errorResult(text: string): CallToolResult {
    return { isError: true, content: [{ type: 'text', text: JSON.stringify({ success: false, error: text }) }] };
}
