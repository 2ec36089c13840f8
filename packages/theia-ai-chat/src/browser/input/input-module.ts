import { interfaces } from '@theia/core/shared/inversify';
import { CommandContribution } from '@theia/core/lib/common/command';
import { MenuContribution } from '@theia/core/lib/common/menu';
import { AcpEarlyPrompts } from './early-prompts';
import { AcpPromptBuilder } from './prompt-builder';
import { AcpSendSelectionContribution } from './send-selection';
import { AcpSessionConfigs } from './session-configs';

/**
 * What goes into a prompt: the text, its context, the selection sent from an editor; the prompt sent at the gesture;
 * the agent's config options and usage shown by the input.
 */
export function bindInput(bind: interfaces.Bind): void {
    bind(AcpPromptBuilder).toSelf().inSingletonScope();
    bind(AcpEarlyPrompts).toSelf().inSingletonScope();
    bind(AcpSessionConfigs).toSelf().inSingletonScope();
    bind(AcpSendSelectionContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(AcpSendSelectionContribution);
    bind(MenuContribution).toService(AcpSendSelectionContribution);
}
