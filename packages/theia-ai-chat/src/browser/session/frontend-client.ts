import { inject, injectable, named } from '@theia/core/shared/inversify';
import { ContributionProvider } from '@theia/core/lib/common/contribution-provider';
import { AcpChatClient, AcpChatService, AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { AcpTerminalOutput } from '../../common/tool-calls/terminal-output';
import { AcpElicitationRequest } from '../../common/elicitation/acp-elicitation';
import { AcpSessionListeners } from './session-listeners';
import { AcpClientFiles, AcpSessionClientContribution } from './session-client-contribution';
import { AcpAgentStartProgress } from '../../common/agents/agent-start-progress';

/** The backend's callbacks, routed to the features' contributions and to the listener of the session they name. */
@injectable()
export class AcpChatFrontendClient implements AcpChatClient {
    @inject(AcpClientFiles) protected readonly files: AcpClientFiles;
    @inject(ContributionProvider) @named(AcpSessionClientContribution)
    protected readonly contributions: ContributionProvider<AcpSessionClientContribution>;
    @inject(AcpSessionListeners) protected readonly listeners: AcpSessionListeners;
    /** Set once the service's proxy is built (with this client: session-module.ts). */
    backend: AcpChatService | undefined;

    onSessionUpdate(chatSessionId: string, agentId: string, update: AcpSessionUpdate): void {
        // The features first (a terminal's output before the card that shows it renders; config and usage
        // updates for the input, turn or not), then the session's listener.
        for (const contribution of this.contributions.getContributions()) {
            contribution.onSessionUpdate?.(chatSessionId, agentId, update);
        }
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
        for (const contribution of this.contributions.getContributions()) {
            contribution.onTerminalOutput?.(chatSessionId, output);
        }
    }

    onAgentStarting(chatSessionId: string, agentId: string, progress: AcpAgentStartProgress): void {
        for (const contribution of this.contributions.getContributions()) {
            contribution.onAgentStarting?.(chatSessionId, agentId, progress);
        }
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
