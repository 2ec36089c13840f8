import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DiffRequest } from './diff-broker';
import type { DiffOutcome } from '../common/diff-registry';
import { ClaudeDiffAnswer, FileDiagnostics } from '../common/claude-ide-wire';

/** What the Claude Code tools need from the companion: the shared diff broker and the window's problems. */
export interface ClaudeIdeBroker {
    /** Registers the proposal with the window's review and resolves with the user's decision. */
    proposeDiff(request: DiffRequest, signal: AbortSignal): Promise<DiffOutcome>;
    /** The CLI closed that diff (it decided elsewhere): closes the review, which counts as decided. */
    closeDiff(sessionId: string, filePath: string): Promise<unknown>;
    /** Closes every review of this session; returns how many there were. */
    closeSessionDiffs(sessionId: string): number;
    /** The window's problems, for one file: URL or (undefined) for all files. */
    diagnostics(uri: string | undefined): Promise<FileDiagnostics[]>;
}

const objectSchema = (properties: Record<string, { type: string; description?: string }>, required: string[] = []) =>
    ({ type: 'object' as const, properties, required });

/**
 * tools/list. The CLI offers the model only `getDiagnostics` (as mcp__ide__getDiagnostics) of these; the
 * diff tools must be listed too: 2.1.330 calls openDiff only on an IDE whose list has it (measured).
 */
export const CLAUDE_IDE_TOOLS = [
    {
        name: 'getDiagnostics',
        description: 'Get the problems (errors, warnings) the IDE shows, for one file (uri: file:// URL) or for all files.',
        inputSchema: objectSchema({ uri: { type: 'string', description: 'file:// URL of the file; omit for all files' } })
    },
    {
        name: 'openDiff',
        description: 'Show a proposed change as a diff in the IDE and wait for the user to accept (FILE_SAVED) or reject (DIFF_REJECTED) it.',
        inputSchema: objectSchema({
            old_file_path: { type: 'string' }, new_file_path: { type: 'string' }, new_file_contents: { type: 'string' }, tab_name: { type: 'string' }
        }, ['old_file_path', 'new_file_path', 'new_file_contents', 'tab_name'])
    },
    { name: 'close_tab', description: 'Close the diff tab of that name.', inputSchema: objectSchema({ tab_name: { type: 'string' } }, ['tab_name']) },
    { name: 'closeAllDiffTabs', description: 'Close every diff this session opened.', inputSchema: objectSchema({}) }
];

/**
 * The four tools Claude Code 2.1.330 calls itself, for one session. `executeCode` is not offered:
 * Theia has no notebook kernel the IDE could run code in safely.
 */
export class ClaudeIdeTools {
    /** tab_name → file path of this session's open diffs (close_tab names the tab, not the file). */
    private readonly tabs = new Map<string, string>();

    constructor(private readonly session: { id: string; owner: string }, private readonly broker: ClaudeIdeBroker) { }

    call(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
        switch (name) {
            case 'openDiff': return this.openDiff(args, signal);
            case 'close_tab': return this.closeTab(args);
            case 'closeAllDiffTabs': return Promise.resolve(this.closeAllDiffTabs());
            case 'getDiagnostics': return this.getDiagnostics(args);
            default: return Promise.resolve(errorResult(`Unknown tool ${name}.`));
        }
    }

    /** Blocks until the user decides. Accept → FILE_SAVED and the final text (the CLI writes it); else DIFF_REJECTED. */
    private async openDiff(args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
        const filePath = args.new_file_path ?? args.old_file_path;
        const { new_file_contents: newContent, tab_name: tabName } = args;
        if (typeof filePath !== 'string' || !filePath || typeof newContent !== 'string' || typeof tabName !== 'string') {
            return errorResult('openDiff needs string arguments new_file_path, new_file_contents and tab_name.');
        }
        this.tabs.set(tabName, filePath);
        try {
            const outcome = await this.broker.proposeDiff({ sessionId: this.session.id, clientId: this.session.owner, filePath, newContent }, signal);
            return outcome.accepted
                ? { content: [{ type: 'text', text: ClaudeDiffAnswer.saved }, { type: 'text', text: outcome.content }] }
                : { content: [{ type: 'text', text: ClaudeDiffAnswer.rejected }, { type: 'text', text: tabName }] };
        } catch (error) {
            // Any other text: the CLI logs "IDE diff view failed" and asks in the terminal only.
            return errorResult(`Cannot show the diff: ${(error as Error).message}`);
        } finally {
            if (this.tabs.get(tabName) === filePath) {
                this.tabs.delete(tabName);
            }
        }
    }

    private async closeTab(args: Record<string, unknown>): Promise<CallToolResult> {
        const tabName = args.tab_name;
        const filePath = typeof tabName === 'string' ? this.tabs.get(tabName) : undefined;
        if (filePath !== undefined) {
            this.tabs.delete(tabName as string);
            await this.broker.closeDiff(this.session.id, filePath);
        }
        return { content: [{ type: 'text', text: 'TAB_CLOSED' }] };
    }

    private closeAllDiffTabs(): CallToolResult {
        const closed = this.broker.closeSessionDiffs(this.session.id);
        this.tabs.clear();
        return { content: [{ type: 'text', text: `CLOSED_${closed}_DIFF_TABS` }] };
    }

    private async getDiagnostics(args: Record<string, unknown>): Promise<CallToolResult> {
        const uri = args.uri;
        if (uri !== undefined && typeof uri !== 'string') {
            return errorResult('getDiagnostics: uri must be a file:// URL string.');
        }
        try {
            return { content: [{ type: 'text', text: JSON.stringify(await this.broker.diagnostics(uri || undefined)) }] };
        } catch (error) {
            return errorResult(`Cannot read the IDE's problems: ${(error as Error).message}`);
        }
    }
}

function errorResult(text: string): CallToolResult {
    return { isError: true, content: [{ type: 'text', text }] };
}
