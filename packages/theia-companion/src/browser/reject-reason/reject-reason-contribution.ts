import { inject, injectable } from '@theia/core/shared/inversify';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { TabBarToolbarContribution, TabBarToolbarRegistry } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { codicon } from '@theia/core/lib/browser/widgets/widget';
import { KeybindingContribution, KeybindingRegistry } from '@theia/core/lib/browser/keybinding';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { QuickInputService } from '@theia/core/lib/common/quick-pick-service';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { Widget } from '@theia/core/shared/@lumino/widgets';
import { DiffReview, DiffReviewService } from '../diff-review/diff-review-service';
import { REJECT_REASON_SEND_PREFERENCE } from '../../common/companion-preferences';
import { RejectReasonTypist } from './reason-typist';

export namespace RejectReasonCommands {
    export const REJECT_WITH_REASON: Command = {
        id: 'aiCliCompanion.diff.rejectWithReason', category: 'AI CLI', label: 'Reject Proposed Change with a Reason…', iconClass: codicon('comment-discussion')
    };
}

/**
 * Reject with a reason (issue 30 part 4): beside ✗ in a terminal CLI's diff, asks why, rejects, and once the CLI
 * has shown the rejection types the reason into that CLI's terminal as the user's next message (not sent without
 * the user's Enter, unless aiCliCompanion.rejectReason.sendAutomatically says so). The CLIs' diff protocols carry
 * no reason: this is how the model hears it.
 */
@injectable()
export class RejectReasonContribution implements CommandContribution, TabBarToolbarContribution, KeybindingContribution {
    @inject(DiffReviewService) protected readonly reviews: DiffReviewService;
    @inject(ApplicationShell) protected readonly shell: ApplicationShell;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(RejectReasonTypist) protected readonly typist: RejectReasonTypist;
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(MessageService) protected readonly messages: MessageService;

    registerCommands(registry: CommandRegistry): void {
        const target = (widget?: unknown) => this.reviews.findByWidget(widget instanceof Widget ? widget : this.shell.currentWidget);
        registry.registerCommand(RejectReasonCommands.REJECT_WITH_REASON, {
            execute: (widget?: unknown) => {
                const review = target(widget);
                return review ? this.rejectWithReason(review) : undefined;
            },
            isEnabled: (widget?: unknown) => !!target(widget),
            isVisible: (widget?: unknown) => !!target(widget)
        });
    }

    registerToolbarItems(registry: TabBarToolbarRegistry): void {
        registry.registerItem({
            id: RejectReasonCommands.REJECT_WITH_REASON.id, command: RejectReasonCommands.REJECT_WITH_REASON.id, icon: codicon('comment-discussion'),
            tooltip: 'Reject, and tell the CLI why (typed into its terminal as your next message)', group: 'navigation', priority: 2,
            isVisible: (widget?: Widget) => !!this.reviews.findByWidget(widget), onDidChange: this.reviews.onDidChange
        });
    }

    registerKeybindings(registry: KeybindingRegistry): void {
        registry.registerKeybinding({ command: RejectReasonCommands.REJECT_WITH_REASON.id, keybinding: 'ctrlcmd+alt+shift+backspace', when: 'isInDiffEditor' });
    }

    protected async rejectWithReason(review: DiffReview): Promise<void> {
        const { clientId, clientName, sessionId } = review.diff;
        const reason = await this.quickInput.input({
            prompt: `Why do you reject this change? ${clientName} gets it as your next message.`,
            placeHolder: 'e.g. keep the old name, callers depend on it',
            validateInput: async value => value.trim() ? undefined : 'Type a reason, or press Esc and use ✗ to reject without one.'
        });
        if (reason === undefined || !reason.trim()) {
            return; // Esc: nothing decided
        }
        await this.reviews.reject(review);
        const submit = this.preferences.get<boolean>(REJECT_REASON_SEND_PREFERENCE, false) === true;
        const terminal = await this.typist.type(clientId, sessionId, reason, submit);
        if (!terminal) {
            this.messages.warn(`Rejected. ${clientName}'s terminal is not connected to this window, so your reason was not typed: tell it yourself.`);
        }
    }
}
