import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { CommandContribution } from '@theia/core/lib/common/command';
import { AcpChatAgentRegistry } from './agent-registry';
import { AcpChatAgentServices } from './agent-services';
import { AcpAgentStarts } from './agent-starts';
import { AcpSessionClientContribution } from '../session/session-client-contribution';
import { AcpAgentDirectory } from '../session/agent-directory';
import { FirstContentAtOnce } from '../../common/theia-patch-hooks/first-content-at-once';
import { RestoredChatData } from '../../common/theia-patch-hooks/restored-chat-data';
import { AcpFirstContentAtOnce } from './first-content-at-once';
import { AcpRestoredAgentMarkdown } from './restored-agent-markdown';
import { AcpWelcomeAgentsCommand } from './welcome-agents-command';

/** @GeminiCLI, @QwenCode and the user's aiCliChat.agents as Theia chat agents. */
export function bindAgents(bind: interfaces.Bind): void {
    bind(AcpChatAgentServices).toSelf().inSingletonScope();
    bind(AcpAgentStarts).toSelf().inSingletonScope();
    // The backend's word on a starting agent, for the chat that waits for it.
    bind(AcpSessionClientContribution).toDynamicValue(({ container }): AcpSessionClientContribution => {
        const starts = container.get(AcpAgentStarts);
        return { onAgentStarting: (chatSessionId, agentId, progress) => starts.report(chatSessionId, agentId, progress) };
    }).inSingletonScope();
    bind(AcpChatAgentRegistry).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(AcpChatAgentRegistry);
    bind(AcpAgentDirectory).toService(AcpChatAgentRegistry); // what the features know of the agents
    // The welcome page's list of the chat's agents (the companion runs it by id).
    bind(AcpWelcomeAgentsCommand).toSelf().inSingletonScope();
    bind(CommandContribution).toService(AcpWelcomeAgentsCommand);
    // What the Theia patches ask about ACP agents (their hooks: common/theia-patch-hooks/).
    bind(FirstContentAtOnce).to(AcpFirstContentAtOnce).inSingletonScope();
    bind(RestoredChatData).to(AcpRestoredAgentMarkdown).inSingletonScope();
}
