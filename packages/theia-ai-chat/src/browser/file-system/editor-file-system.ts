import { URI } from '@theia/core';
import { inject, injectable } from '@theia/core/shared/inversify';
import { MonacoTextModelService } from '@theia/monaco/lib/browser/monaco-text-model-service';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { ChangeSetFileElement } from '@theia/ai-chat/lib/browser/change-set-file-element';
import { AgentWriteRecorder } from './agent-side-writes';
import { ChangeSetFileElementFactory } from '../../common/theia-patch-hooks/change-set-file-element-factory';
import { ChatAgentService } from '@theia/ai-chat/lib/common/chat-agent-service';
import { AcpEditDiff, contentBeforeEdit } from './edit-before';
import { AcpChatService } from '../../common/acp-chat-protocol';

/** The backend, looked up at first use: it is created with the frontend client, which holds the file system. */
export const AcpChatBackend = Symbol('AcpChatBackend');
export type AcpChatBackend = () => AcpChatService;

/**
 * The editor's side of the agent's file system (ACP `fs/*`, read and written on disk by the backend):
 * reads see an open editor's unsaved text, an open editor shows what was written, and each written
 * file joins the chat's change set with the content it had before the agent first wrote it.
 */
@injectable()
export class AcpEditorFileSystem implements AgentWriteRecorder {
    @inject(AcpChatBackend) protected readonly backend: AcpChatBackend;
    @inject(MonacoTextModelService) protected readonly models: MonacoTextModelService;
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(ChangeSetFileElementFactory) protected readonly changeSetElements: ChangeSetFileElementFactory;
    @inject(ChatAgentService) protected readonly agents: ChatAgentService;

    /** The open editor's text, unsaved changes included; else the disk; undefined for no such file. */
    async read(chatSessionId: string, agentId: string, path: string): Promise<string | undefined> {
        const model = this.models.get(URI.fromFilePath(path).toString());
        return model ? model.getText() : this.readDisk(chatSessionId, agentId, path);
    }

    /** The open editor's text when it has unsaved changes: what the agent reads instead of the disk. */
    async unsavedText(path: string): Promise<string | undefined> {
        const model = this.models.get(URI.fromFilePath(path).toString());
        return model?.dirty ? model.getText() : undefined;
    }

    /**
     * The backend wrote the agent's text: an open editor takes it from disk (as one undoable edit; the
     * unsaved text the agent read and replaced is dropped, and kept as the change set's original).
     */
    async written(chatSessionId: string, agentId: string, path: string, before: string | undefined, content: string): Promise<void> {
        const uri = URI.fromFilePath(path);
        await this.models.get(uri.toString())?.revert();
        await this.record(chatSessionId, agentId, uri, before, content);
    }

    /**
     * A file the agent wrote itself, on disk (not through `fs/write_text_file`): listed as an `fs` write
     * would be, unless it is unchanged or already listed with this content (an `fs` write of the same call).
     */
    async recordAgentWrite(chatSessionId: string, agentId: string, path: string, before: string | undefined): Promise<void> {
        const uri = URI.fromFilePath(path);
        const after = await this.readDisk(chatSessionId, agentId, path);
        const listed = this.chatService.getSession(chatSessionId)?.model.changeSet.getElementByURI(uri);
        if (after === undefined || after === before || (listed instanceof ChangeSetFileElement && listed.targetState === after)) {
            return;
        }
        await this.record(chatSessionId, agentId, uri, before, after);
    }

    /**
     * A file the agent edited itself with nobody asked first (codex-acp applies its patches on disk, also
     * in its auto modes): its earlier text is recovered from the call's diffs, each hunk put back. Left
     * out when the diffs do not fit the file as it is now.
     */
    async recordAgentEdit(chatSessionId: string, agentId: string, path: string, diffs: readonly AcpEditDiff[]): Promise<void> {
        const after = await this.readDisk(chatSessionId, agentId, path);
        const before = after === undefined ? { kind: 'unknown' as const } : contentBeforeEdit(after, diffs);
        if (before.kind !== 'unknown') {
            await this.recordAgentWrite(chatSessionId, agentId, path, before.kind === 'add' ? undefined : before.before);
        }
    }

    /**
     * The disk, not the editor (an open editor may not have caught up with the agent's write yet), read by
     * the backend as `fs/read_text_file` is: the path comes from the agent, and may name a FIFO or a link out.
     */
    protected readDisk(chatSessionId: string, agentId: string, path: string): Promise<string | undefined> {
        return this.backend().readWorkspaceFile(chatSessionId, agentId, path);
    }

    /** One change-set entry per file: its content before the agent's first write in this chat. */
    protected async record(chatSessionId: string, agentId: string, uri: URI, before: string | undefined, after: string): Promise<void> {
        const session = this.chatService.getSession(chatSessionId);
        const request = session?.model.getRequests().at(-1);
        if (!session || !request) {
            return;
        }
        const changeSet = session.model.changeSet;
        const earlier = changeSet.getElementByURI(uri);
        const original = earlier instanceof ChangeSetFileElement ? await earlier.getOriginalContent() : before;
        const added = earlier ? earlier.type === 'add' : before === undefined;
        const agent = this.agents.getAllAgents().find(candidate => candidate.id === agentId) as { definition?: { displayName: string } } | undefined;
        changeSet.setTitle(`Changes by ${agent?.definition?.displayName ?? agentId}`);
        changeSet.addElements(this.changeSetElements({
            uri, chatSessionId, requestId: request.id, state: 'applied', type: added ? 'add' : 'modify',
            originalState: added ? '' : original ?? '', targetState: after, data: { agentId }
        }));
    }
}
