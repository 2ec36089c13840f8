import { inject, injectable } from '@theia/core/shared/inversify';
import { AcpChatClient, AcpChatService, AcpPermissionRequest, AcpSessionUpdate, AcpTerminalOutput } from '../../common/acp-chat-protocol';
import { AcpElicitationRequest } from '../../common/acp-elicitation';
import { AcpEditorFileSystem } from '../file-system/editor-file-system';
import { AcpSessionListeners } from './session-listeners';
import { terminalOutputOfMeta } from '../tool-calls/terminal-meta';
import { AcpTerminalOutputs } from '../tool-calls/terminal-outputs';
import { AcpSessionConfigs } from '../input/session-configs';
import { AcpAgentStarts } from '../agents/agent-starts';
import { AcpAgentStartProgress } from '../../common/agent-start-progress';

/** The backend's callbacks, routed to the listener of the session they name. */
@injectable()
export class AcpChatFrontendClient implements AcpChatClient {
    @inject(AcpEditorFileSystem) protected readonly files: AcpEditorFileSystem;
    @inject(AcpTerminalOutputs) protected readonly terminals: AcpTerminalOutputs;
    @inject(AcpSessionListeners) protected readonly listeners: AcpSessionListeners;
    /** Set once the service's proxy is built (with this client: session-module.ts). */
    backend: AcpChatService | undefined;
    @inject(AcpSessionConfigs) protected readonly configs: AcpSessionConfigs;
    @inject(AcpAgentStarts) protected readonly starts: AcpAgentStarts;

    onSessionUpdate(chatSessionId: string, agentId: string, update: AcpSessionUpdate): void {
        const output = terminalOutputOfMeta(update);
        if (output) {
            this.terminals.apply(chatSessionId, output); // before the card that shows it renders
        }
        this.configs.observe(chatSessionId, agentId, update); // config_option_update, usage_update: for the input, turn or not
        this.listeners.of(chatSessionId, agentId)?.onUpdate(update);
    }

    onSessionUpdates(chatSessionId: string, agentId: string, updates: AcpSessionUpdate[]): void {
        for (const update of updates) {
            this.onSessionUpdate(chatSessionId, agentId, update);
        }
    }

    onPermissionRequest(chatSessionId: string, agentId: string, request: AcpPermissionRequest): void {
        this.listeners.of(chatSessionId, agentId)?.onPermissionRequest(request);
    }

    onPermissionSettled(permissionId: string): void {
        for (const listener of this.listeners.all()) {
            listener.onPermissionSettled(permissionId);
        }
    }

    readUnsavedText(_chatSessionId: string, path: string): Promise<string | undefined> {
        return this.files.unsavedText(path);
    }

    onTextFileWritten(chatSessionId: string, agentId: string, path: string, before: string | undefined, content: string): Promise<void> {
        return this.files.written(chatSessionId, agentId, path, before, content);
    }

    onTerminalOutput(chatSessionId: string, output: AcpTerminalOutput): void {
        this.terminals.apply(chatSessionId, output);
    }

    onAgentStarting(chatSessionId: string, agentId: string, progress: AcpAgentStartProgress): void {
        this.starts.report(chatSessionId, agentId, progress);
    }

    onElicitationRequest(chatSessionId: string, agentId: string, request: AcpElicitationRequest): void {
        const listener = this.listeners.of(chatSessionId, agentId);
        if (listener?.onElicitationRequest) {
            listener.onElicitationRequest(request);
        } else if (request.mode !== 'refused') {
            void this.backend?.answerElicitation(request.elicitationId, { action: 'cancel' }); // nobody to ask: no turn runs
        }
    }

    onElicitationSettled(elicitationId: string): void {
        for (const listener of this.listeners.all()) {
            listener.onElicitationSettled?.(elicitationId);
        }
    }
}
