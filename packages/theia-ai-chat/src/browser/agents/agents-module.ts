import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { AcpChatAgentRegistry } from './agent-registry';
import { AcpChatAgentServices } from './agent-services';
import { AcpAgentStarts } from './agent-starts';

/** @GeminiCLI, @QwenCode and the user's aiCliChat.agents as Theia chat agents. */
export function bindAgents(bind: interfaces.Bind): void {
    bind(AcpChatAgentServices).toSelf().inSingletonScope();
    bind(AcpAgentStarts).toSelf().inSingletonScope();
    bind(AcpChatAgentRegistry).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(AcpChatAgentRegistry);
}
