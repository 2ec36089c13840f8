import { interfaces } from '@theia/core/shared/inversify';
import { CommandContribution } from '@theia/core/lib/common/command';
import { MenuContribution } from '@theia/core/lib/common/menu';
import { AcpEarlyPrompts } from './early-prompts';
import { AcpPromptBuilder } from './prompt-builder';
import { AcpSendSelectionContribution } from './send-selection';
import { AcpSessionConfigs } from './session-configs';
import { AcpSessionClientContribution } from '../session/session-client-contribution';
import { AcpPromptQueue } from './prompt-queue';
import { AcpSendNowContribution } from './send-now';
import { KeybindingContribution } from '@theia/core/lib/browser/keybinding';
import { ChatInputHooks } from '../../common/theia-patch-hooks/chat-input-hooks';
import { AcpChatInputHooks } from './chat-input-hooks';

/**
 * What goes into a prompt: the text, its context, the selection sent from an editor; the prompt sent at the gesture;
 * the agent's config options and usage shown by the input; the messages queued while a turn runs, and Send now.
 * The chat input's patch reaches all of it through its hook, ChatInputHooks.
 */
export function bindInput(bind: interfaces.Bind): void {
    bind(AcpPromptBuilder).toSelf().inSingletonScope();
    bind(AcpEarlyPrompts).toSelf().inSingletonScope();
    bind(AcpSessionConfigs).toSelf().inSingletonScope();
    // config_option_update and usage_update, turn or not, for the input.
    bind(AcpSessionClientContribution).toDynamicValue(({ container }): AcpSessionClientContribution => {
        const configs = container.get(AcpSessionConfigs);
        return { onSessionUpdate: (chatSessionId, agentId, update) => configs.observe(chatSessionId, agentId, update) };
    }).inSingletonScope();
    bind(AcpSendSelectionContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(AcpSendSelectionContribution);
    bind(MenuContribution).toService(AcpSendSelectionContribution);
    bind(AcpPromptQueue).toSelf().inSingletonScope();
    bind(AcpSendNowContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(AcpSendNowContribution);
    bind(KeybindingContribution).toService(AcpSendNowContribution);
    bind(AcpChatInputHooks).toSelf().inSingletonScope();
    bind(ChatInputHooks).toService(AcpChatInputHooks);
}
