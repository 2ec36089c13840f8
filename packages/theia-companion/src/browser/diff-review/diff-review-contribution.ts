import { inject, injectable } from '@theia/core/shared/inversify';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { TabBarToolbarContribution, TabBarToolbarRegistry } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { codicon } from '@theia/core/lib/browser/widgets/widget';
import { KeybindingContribution, KeybindingRegistry } from '@theia/core/lib/browser/keybinding';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { Widget } from '@theia/core/shared/@lumino/widgets';
import { DiffReview, DiffReviewService } from './diff-review-service';

export namespace DiffReviewCommands {
    const category = 'AI CLI';
    export const ACCEPT: Command = { id: 'aiCliCompanion.diff.accept', category, label: 'Accept Proposed Change', iconClass: codicon('check') };
    export const REJECT: Command = { id: 'aiCliCompanion.diff.reject', category, label: 'Reject Proposed Change', iconClass: codicon('close') };
}

/** ✓ and ✗ in the diff editor's toolbar, the same as commands; Ctrl/Cmd+S accepts through the save path. */
@injectable()
export class DiffReviewContribution implements CommandContribution, TabBarToolbarContribution, KeybindingContribution {
    @inject(DiffReviewService) protected readonly reviews: DiffReviewService;
    @inject(ApplicationShell) protected readonly shell: ApplicationShell;

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(DiffReviewCommands.ACCEPT, this.reviewHandler(review => this.reviews.accept(review)));
        registry.registerCommand(DiffReviewCommands.REJECT, this.reviewHandler(review => this.reviews.reject(review)));
    }

    registerToolbarItems(registry: TabBarToolbarRegistry): void {
        const isReview = (widget?: Widget) => !!this.reviews.findByWidget(widget);
        registry.registerItem({
            id: DiffReviewCommands.ACCEPT.id, command: DiffReviewCommands.ACCEPT.id, icon: codicon('check'),
            tooltip: 'Accept the proposed change (Ctrl/Cmd+S)', group: 'navigation', priority: 0,
            isVisible: isReview, onDidChange: this.reviews.onDidChange
        });
        registry.registerItem({
            id: DiffReviewCommands.REJECT.id, command: DiffReviewCommands.REJECT.id, icon: codicon('close'),
            tooltip: 'Reject the proposed change', group: 'navigation', priority: 1,
            isVisible: isReview, onDidChange: this.reviews.onDidChange
        });
    }

    registerKeybindings(registry: KeybindingRegistry): void {
        registry.registerKeybinding({ command: DiffReviewCommands.ACCEPT.id, keybinding: 'ctrlcmd+alt+enter', when: 'isInDiffEditor' });
        registry.registerKeybinding({ command: DiffReviewCommands.REJECT.id, keybinding: 'ctrlcmd+alt+backspace', when: 'isInDiffEditor' });
    }

    /** Toolbar clicks pass the widget; the palette and keys act on the current review. */
    protected reviewHandler(action: (review: DiffReview) => Promise<void>) {
        const target = (widget?: unknown) => this.reviews.findByWidget(widget instanceof Widget ? widget : this.shell.currentWidget);
        return {
            execute: (widget?: unknown) => {
                const review = target(widget);
                return review ? action(review) : undefined;
            },
            isEnabled: (widget?: unknown) => !!target(widget),
            isVisible: (widget?: unknown) => !!target(widget)
        };
    }
}
