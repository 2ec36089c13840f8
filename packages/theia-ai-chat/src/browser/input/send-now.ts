import { inject, injectable } from '@theia/core/shared/inversify';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { KeybindingContribution, KeybindingRegistry } from '@theia/core/lib/browser/keybinding';
import { ChatInputFocusService } from '@theia/ai-chat-ui/lib/browser/chat-input-focus-service';

export const SEND_NOW_COMMAND: Command = {
    id: 'aiCliChat.sendNow',
    category: 'AI CLI Chat',
    label: 'Send Now (Stop the Running Turn)'
};

/** A chat input that queues messages while an agent's turn runs (Theia's, as the chat's patch makes it: theia-patches/). */
interface QueueingInput {
    canSendNow(): boolean;
    sendNow(): boolean;
}

function isQueueingInput(widget: object | undefined): widget is QueueingInput {
    return !!widget && typeof (widget as Partial<QueueingInput>).sendNow === 'function' && typeof (widget as Partial<QueueingInput>).canSendNow === 'function';
}

/**
 * Ctrl/Cmd+Enter in the chat input while an ACP agent's turn runs: the typed message (or the first queued one)
 * goes at once, stopping the turn (issue 31 part 3). Disabled otherwise, so Theia's own Ctrl/Cmd+Enter (approve a
 * tool call of its own agents) keeps the key.
 */
@injectable()
export class AcpSendNowContribution implements CommandContribution, KeybindingContribution {
    @inject(ChatInputFocusService) protected readonly focusedInput: ChatInputFocusService;

    registerCommands(commands: CommandRegistry): void {
        commands.registerCommand(SEND_NOW_COMMAND, {
            isEnabled: () => this.input()?.canSendNow() ?? false,
            execute: () => this.input()?.sendNow()
        });
    }

    registerKeybindings(keybindings: KeybindingRegistry): void {
        keybindings.registerKeybinding({ command: SEND_NOW_COMMAND.id, keybinding: 'ctrlcmd+enter', when: 'chatInputFocus' });
    }

    protected input(): QueueingInput | undefined {
        const focused = this.focusedInput.getFocused();
        return isQueueingInput(focused) ? focused : undefined;
    }
}
