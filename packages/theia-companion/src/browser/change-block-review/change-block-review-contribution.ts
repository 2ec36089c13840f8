import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { KeybindingContribution, KeybindingRegistry } from '@theia/core/lib/browser/keybinding';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { isOSX } from '@theia/core/lib/common/os';
import { QuickInputService } from '@theia/core/lib/common/quick-pick-service';
import { ChangeBlock, ChangeBlockReview, RevertedWithReason } from './change-block-review';
import { DiffReviewService } from '../diff-review/diff-review-service';

export namespace ChangeBlockCommands {
    const category = 'AI CLI';
    export const KEEP: Command = { id: 'aiCliCompanion.diff.keepBlock', category, label: 'Keep Change Block at Cursor' };
    export const REVERT: Command = { id: 'aiCliCompanion.diff.revertBlock', category, label: 'Revert Change Block at Cursor' };
    export const REVERT_WITH_REASON: Command = { id: 'aiCliCompanion.diff.revertBlockWithReason', category, label: 'Revert Change Block at Cursor with a Reason…' };
    export const NEXT: Command = { id: 'aiCliCompanion.diff.nextBlock', category, label: 'Go to Next Change Block' };
    export const PREVIOUS: Command = { id: 'aiCliCompanion.diff.previousBlock', category, label: 'Go to Previous Change Block' };
}

/** The AI chat's hunk review keys (Keep, Undo, next, previous): one set of keys for every agent edit. */
const KEEP_KEY = 'ctrlcmd+alt+y';
const REVERT_KEY = 'ctrlcmd+alt+u';
const REVERT_WITH_REASON_KEY = 'ctrlcmd+alt+shift+u';
const NEXT_KEY = 'ctrlcmd+alt+]';
const PREVIOUS_KEY = 'ctrlcmd+alt+[';

/** Puts a ChangeBlockReview on every open proposal and the block commands (keep, revert, next, previous) on the current one. */
@injectable()
export class ChangeBlockReviewContribution implements FrontendApplicationContribution, CommandContribution, KeybindingContribution {
    @inject(DiffReviewService) protected readonly reviews: DiffReviewService;
    @inject(ApplicationShell) protected readonly shell: ApplicationShell;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;

    protected readonly blockReviews = new Map<string, ChangeBlockReview>();

    onStart(): void {
        this.reviews.onDidChange(() => this.sync());
    }

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(ChangeBlockCommands.KEEP, this.blockHandler((review, block) => review.keep(block)));
        registry.registerCommand(ChangeBlockCommands.REVERT, this.blockHandler((review, block) => review.revert(block)));
        registry.registerCommand(ChangeBlockCommands.REVERT_WITH_REASON, this.blockHandler((review, block) => void review.revertWithReason(block)));
        for (const [command, direction] of [[ChangeBlockCommands.NEXT, 1], [ChangeBlockCommands.PREVIOUS, -1]] as const) {
            registry.registerCommand(command, { execute: () => this.current()?.go(direction), isEnabled: () => !!this.current() });
        }
    }

    registerKeybindings(registry: KeybindingRegistry): void {
        // The AI chat's hunk review (its editors carry this context key) takes the same keys for its Keep and Undo.
        const when = 'isInDiffEditor && !aiCliChat.hunkReview';
        registry.registerKeybinding({ command: ChangeBlockCommands.KEEP.id, keybinding: KEEP_KEY, when });
        registry.registerKeybinding({ command: ChangeBlockCommands.REVERT.id, keybinding: REVERT_KEY, when });
        registry.registerKeybinding({ command: ChangeBlockCommands.REVERT_WITH_REASON.id, keybinding: REVERT_WITH_REASON_KEY, when });
        registry.registerKeybinding({ command: ChangeBlockCommands.NEXT.id, keybinding: NEXT_KEY, when });
        registry.registerKeybinding({ command: ChangeBlockCommands.PREVIOUS.id, keybinding: PREVIOUS_KEY, when });
    }

    /**
     * The blocks of a proposal reverted with a reason, once: the caller tells the CLI. Asked when the decision is
     * delivered (DiffReviewService.onDidDecide), which comes before the review's editor closes.
     */
    takeRevertReasons(diffId: string): readonly RevertedWithReason[] {
        return this.blockReviews.get(diffId)?.takeRevertReasons() ?? [];
    }

    /** The block review of the current proposal, for the commands (and tests). */
    current(): ChangeBlockReview | undefined {
        const review = this.reviews.findByWidget(this.shell.currentWidget);
        return review && this.blockReviews.get(review.diff.id);
    }

    protected blockHandler(action: (review: ChangeBlockReview, block: ChangeBlock) => void) {
        return {
            execute: () => {
                const review = this.current();
                const block = review?.blockAtCursor();
                if (!review) {
                    this.messages.info('Open a proposed change first: this command acts on the diff of a proposal.');
                } else if (!block) {
                    this.messages.info('The cursor is not on a changed block of the proposal.');
                } else {
                    action(review, block);
                }
            },
            isEnabled: () => !!this.current()
        };
    }

    protected askReason(clientName: string): Promise<string | undefined> {
        return this.quickInput.input({
            prompt: `Why do you revert this block? ${clientName} is told once you accept the rest.`,
            placeHolder: 'e.g. keep the old name, callers depend on it',
            validateInput: async value => value.trim() ? undefined : 'Type a reason, or press Esc and use ↺ Revert without one.'
        });
    }

    protected sync(): void {
        const open = this.reviews.openReviews;
        for (const review of open.filter(r => !this.blockReviews.has(r.diff.id))) {
            this.blockReviews.set(review.diff.id, new ChangeBlockReview(review, {
                keys: { keep: label(KEEP_KEY), revert: label(REVERT_KEY) },
                askReason: () => this.askReason(review.diff.clientName)
            }));
        }
        for (const [id, blockReview] of this.blockReviews) {
            if (!open.some(r => r.diff.id === id)) {
                blockReview.dispose();
                this.blockReviews.delete(id);
            }
        }
    }
}

function label(keybinding: string): string {
    return keybinding.replace('ctrlcmd', isOSX ? 'Cmd' : 'Ctrl').split('+').map(part => part.length === 1 ? part.toUpperCase() : part[0].toUpperCase() + part.slice(1)).join('+');
}
