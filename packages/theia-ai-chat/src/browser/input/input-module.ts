import { interfaces } from '@theia/core/shared/inversify';
import { CommandContribution } from '@theia/core/lib/common/command';
import { MenuContribution } from '@theia/core/lib/common/menu';
import { AcpEarlyPrompts } from './early-prompts';
import { AcpPromptBuilder } from './prompt-builder';
import { AcpSendSelectionContribution } from './send-selection';

/** What goes into a prompt: the text, its context, the selection sent from an editor; the prompt sent at the gesture. */
export function bindInput(bind: interfaces.Bind): void {
    bind(AcpPromptBuilder).toSelf().inSingletonScope();
    bind(AcpEarlyPrompts).toSelf().inSingletonScope();
    bind(AcpSendSelectionContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(AcpSendSelectionContribution);
    bind(MenuContribution).toService(AcpSendSelectionContribution);
}
