import { inject, injectable, named } from '@theia/core/shared/inversify';
import { ContributionProvider } from '@theia/core/lib/common/contribution-provider';
import { AcpTurnContribution } from '../turn/turn-contribution';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { AcpChatService } from '../../common/acp-chat-protocol';
import { AcpChatSessions } from '../session/chat-sessions';
import { AcpEarlyPrompts } from '../input/early-prompts';
import { AcpEditorFileSystem } from '../file-system/editor-file-system';
import { AcpPendingQuestions } from '../permissions/pending-questions';
import { AcpPromptBuilder } from '../input/prompt-builder';
import { AcpSessionListeners } from '../session/session-listeners';
import { AcpAgentStarts } from './agent-starts';
import { AcpSessionConfigs } from '../input/session-configs';
import { AcpSignInOffers } from '../auth/sign-in-offers';

/** What every ACP chat agent instance uses; one injectable so agents can be created from preferences. */
@injectable()
export class AcpChatAgentServices {
    @inject(AcpChatService) readonly backend: AcpChatService;
    @inject(AcpSessionListeners) readonly listeners: AcpSessionListeners;
    @inject(AcpChatSessions) readonly sessions: AcpChatSessions;
    @inject(AcpPromptBuilder) readonly prompt: AcpPromptBuilder;
    @inject(AcpPendingQuestions) readonly questions: AcpPendingQuestions;
    @inject(AcpEarlyPrompts) readonly earlyPrompts: AcpEarlyPrompts;
    @inject(AcpEditorFileSystem) readonly files: AcpEditorFileSystem;
    @inject(AcpSessionConfigs) readonly configs: AcpSessionConfigs;
    @inject(AcpAgentStarts) readonly starts: AcpAgentStarts;
    @inject(AcpSignInOffers) readonly signIns: AcpSignInOffers;
    @inject(ContributionProvider) @named(AcpTurnContribution) readonly turnContributions: ContributionProvider<AcpTurnContribution>;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;

    workspaceRoots(): string[] {
        return this.workspace.tryGetRoots().map(root => root.resource.path.fsPath());
    }
}
