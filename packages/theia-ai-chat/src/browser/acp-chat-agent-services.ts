import { inject, injectable } from '@theia/core/shared/inversify';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { AcpChatService } from '../common/acp-chat-protocol';
import { AcpChatFrontendClient } from './acp-chat-frontend-client';
import { AcpChatSessions } from './acp-chat-sessions';
import { AcpEditorFileSystem } from './acp-editor-file-system';
import { AcpPendingQuestions } from './acp-pending-questions';
import { AcpPromptBuilder } from './acp-prompt-builder';

/** What every ACP chat agent instance uses; one injectable so agents can be created from preferences. */
@injectable()
export class AcpChatAgentServices {
    @inject(AcpChatService) readonly backend: AcpChatService;
    @inject(AcpChatFrontendClient) readonly client: AcpChatFrontendClient;
    @inject(AcpChatSessions) readonly sessions: AcpChatSessions;
    @inject(AcpPromptBuilder) readonly prompt: AcpPromptBuilder;
    @inject(AcpPendingQuestions) readonly questions: AcpPendingQuestions;
    @inject(AcpEditorFileSystem) readonly files: AcpEditorFileSystem;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;

    workspaceRoots(): string[] {
        return this.workspace.tryGetRoots().map(root => root.resource.path.fsPath());
    }
}
