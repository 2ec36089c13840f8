import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpEditDiff } from './edit-before';

/** What the tracker needs of the editor file system. */
export interface AgentWriteRecorder {
    /** The file's text as the agent would read it (open editor first); undefined for no such file. */
    read(chatSessionId: string, agentId: string, path: string): Promise<string | undefined>;
    /** The file as the agent left it on disk joins the change set, with `before` as its original. */
    recordAgentWrite(chatSessionId: string, agentId: string, path: string, before: string | undefined): Promise<void>;
    /** The same for an edit nobody was asked about: its text before is recovered from the edit's diffs. */
    recordAgentEdit(chatSessionId: string, agentId: string, path: string, diffs: readonly AcpEditDiff[]): Promise<void>;
}

/**
 * Files an agent writes itself instead of through `fs/write_text_file`: Zed's Claude Code adapter
 * (claude-agent-acp 0.23.1) lets Claude Code write to disk even when the client offers `fs`. When the
 * agent asks to edit, the files of the call's diffs are read before the answer leaves (the agent cannot
 * write before it), and once that call completes, a file that changed joins the chat's change set like
 * an `fs` write. Edits nobody was asked about are not tracked: their content before is not known for sure.
 */
export class AcpAgentSideWrites {
    private readonly before = new Map<string, Promise<Map<string, string | undefined>>>();
    /** Calls the user was asked about: their files were read before the answer (`snapshot`). */
    private readonly asked = new Set<string>();

    constructor(private readonly files: AgentWriteRecorder, private readonly chatSessionId: string, private readonly agentId: string,
        private readonly roots: readonly string[]) { }

    /** Called with a permission request's tool call; resolves once the files it would change are read. */
    snapshot(toolCall: AcpSessionUpdate & { toolCallId: string }): Promise<void> {
        const paths = diffPaths(toolCall).filter(path => this.inWorkspace(path));
        if (paths.length === 0 || this.before.has(toolCall.toolCallId)) {
            return this.before.get(toolCall.toolCallId)?.then(() => undefined) ?? Promise.resolve();
        }
        const read = Promise.all(paths.map(async path => [path, await this.files.read(this.chatSessionId, this.agentId, path).catch(() => undefined)] as const))
            .then(entries => new Map(entries));
        this.before.set(toolCall.toolCallId, read);
        this.asked.add(toolCall.toolCallId);
        return read.then(() => undefined);
    }

    /** A `session/update`: a completed call that was asked about records what it wrote. */
    onUpdate(update: AcpSessionUpdate): Promise<void> {
        const id = String(update.toolCallId);
        const snapshot = update.sessionUpdate === 'tool_call_update' ? this.before.get(id) : undefined;
        if (!snapshot || (update.status !== 'completed' && update.status !== 'failed')) {
            return Promise.resolve();
        }
        this.before.delete(id);
        if (update.status === 'failed') {
            return Promise.resolve();
        }
        return snapshot.then(files => Promise.all([...files].map(([path, before]) =>
            this.files.recordAgentWrite(this.chatSessionId, this.agentId, path, before)))).then(() => undefined);
    }

    /**
     * An edit call completed with its diffs by path (codex-acp, also in its auto modes). One that was asked
     * about is recorded from its snapshot instead; a file written through `fs` is listed already.
     */
    onEditCompleted(toolCallId: string, diffsByPath: ReadonlyMap<string, readonly AcpEditDiff[]>): Promise<void> {
        if (this.asked.has(toolCallId)) {
            return Promise.resolve();
        }
        return Promise.all([...diffsByPath].filter(([path]) => this.inWorkspace(path)).map(([path, diffs]) =>
            this.files.recordAgentEdit(this.chatSessionId, this.agentId, path, diffs))).then(() => undefined);
    }

    /** Only files in the workspace are listed (as `fs` writes are confined to it). */
    private inWorkspace(path: string): boolean {
        return this.roots.some(root => {
            const trimmed = root.replace(/[\\/]+$/, '');
            return path.startsWith(`${trimmed}/`) || path.startsWith(`${trimmed}\\`);
        });
    }
}

/** The paths of a tool call's `diff` content. */
function diffPaths(toolCall: AcpSessionUpdate): string[] {
    const content = Array.isArray(toolCall.content) ? toolCall.content as Array<Record<string, unknown>> : [];
    const paths = content.filter(item => item.type === 'diff' && typeof item.path === 'string')
        .map(item => item.path as string);
    return [...new Set(paths)];
}
