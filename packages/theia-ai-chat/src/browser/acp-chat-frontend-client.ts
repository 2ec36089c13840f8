import { inject, injectable } from '@theia/core/shared/inversify';
import { AcpChatClient, AcpPermissionRequest, AcpSessionUpdate, AcpTerminalOutput } from '../common/acp-chat-protocol';
import { AcpEditDiff } from './acp-edit-before';
import { AcpEditorFileSystem } from './acp-editor-file-system';
import { terminalOutputOfMeta } from './acp-terminal-meta';
import { AcpTerminalOutputs } from './acp-terminal-outputs';

/** Whoever listens to one (chat session, agent): the session state, and the turn while one runs. */
export interface AcpSessionListener {
    onUpdate(update: AcpSessionUpdate): void;
    onPermissionRequest(request: AcpPermissionRequest): void;
    onPermissionSettled(permissionId: string): void;
}

/** The backend's callbacks, routed to the listener of the session they name. */
@injectable()
export class AcpChatFrontendClient implements AcpChatClient {
    @inject(AcpEditorFileSystem) protected readonly files: AcpEditorFileSystem;
    @inject(AcpTerminalOutputs) protected readonly terminals: AcpTerminalOutputs;

    protected readonly listeners = new Map<string, AcpSessionListener>();

    listen(chatSessionId: string, agentId: string, listener: AcpSessionListener): void {
        this.listeners.set(key(chatSessionId, agentId), listener);
    }

    forget(chatSessionId: string, agentId: string): void {
        this.listeners.delete(key(chatSessionId, agentId));
    }

    onSessionUpdate(chatSessionId: string, agentId: string, update: AcpSessionUpdate): void {
        const output = terminalOutputOfMeta(update);
        if (output) {
            this.terminals.apply(chatSessionId, output); // before the card that shows it renders
        }
        this.listeners.get(key(chatSessionId, agentId))?.onUpdate(update);
    }

    onPermissionRequest(chatSessionId: string, agentId: string, request: AcpPermissionRequest): void {
        this.listeners.get(key(chatSessionId, agentId))?.onPermissionRequest(request);
    }

    onPermissionSettled(permissionId: string): void {
        this.listeners.forEach(listener => listener.onPermissionSettled(permissionId));
    }

    readTextFile(_chatSessionId: string, path: string): Promise<string | undefined> {
        return this.files.read(path);
    }

    writeTextFile(chatSessionId: string, agentId: string, path: string, content: string): Promise<void> {
        return this.files.write(chatSessionId, agentId, path, content);
    }

    /** An edit tool call of the agent's completed: the files it wrote itself join the change set. */
    agentEdited(chatSessionId: string, agentId: string, path: string, diffs: readonly AcpEditDiff[]): Promise<void> {
        return this.files.recordAgentWrite(chatSessionId, agentId, path, diffs);
    }

    onTerminalOutput(chatSessionId: string, output: AcpTerminalOutput): void {
        this.terminals.apply(chatSessionId, output);
    }
}

function key(chatSessionId: string, agentId: string): string {
    return `${chatSessionId}\u0000${agentId}`;
}
