import { inject, injectable } from '@theia/core/shared/inversify';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { Event } from '@theia/core/lib/common/event';
import { MessageService } from '@theia/core/lib/common/message-service';
import { TabBarToolbarContribution, TabBarToolbarRegistry } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import type { Widget } from '@theia/core/lib/browser/widgets/widget';
import { ENABLE_AI_CONTEXT_KEY } from '@theia/ai-core/lib/browser/ai-activation-service';
import { ChatViewWidget } from '@theia/ai-chat-ui/lib/browser/chat-view-widget';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { ChangeReviewService } from './change-review-service';
import { ReviewAllService } from './review-all';
import { ReviewScope, hunks } from './review-walk';

export namespace ReviewAllCommands {
    const category = 'AI Chat';
    export const REVIEW_ALL: Command = { id: 'aiCliChat.review.all', category, label: 'Review All Agent Changes', iconClass: 'codicon codicon-diff-multiple' };
    export const REVIEW_LAST_TURN: Command = { id: 'aiCliChat.review.lastTurn', category, label: 'Review Agent Changes of the Last Turn' };
    export const KEEP_ALL: Command = { id: 'aiCliChat.review.keepAllFiles', category, label: 'Keep All Agent Changes', iconClass: 'codicon codicon-check-all' };
    export const UNDO_ALL: Command = { id: 'aiCliChat.review.undoAllFiles', category, label: 'Undo All Agent Changes', iconClass: 'codicon codicon-discard' };
    export const NEXT_FILE: Command = { id: 'aiCliChat.review.nextFile', category, label: 'Next File to Review', iconClass: 'codicon codicon-arrow-small-right' };
    export const PREVIOUS_FILE: Command = { id: 'aiCliChat.review.previousFile', category, label: 'Previous File to Review', iconClass: 'codicon codicon-arrow-small-left' };
}

/**
 * Review All's commands: in the command palette, the chat view's toolbar (Review All) and the review diff's
 * toolbar (previous / next file, Keep All, Undo All). The change set's header has a button too
 * (review-all-action.tsx).
 */
@injectable()
export class ReviewAllContribution implements CommandContribution, TabBarToolbarContribution {
    @inject(ReviewAllService) protected readonly reviewAll: ReviewAllService;
    @inject(ChangeReviewService) protected readonly service: ChangeReviewService;
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(MessageService) protected readonly messages: MessageService;

    registerCommands(registry: CommandRegistry): void {
        const hasFiles = () => this.activeChatFiles() > 0;
        registry.registerCommand(ReviewAllCommands.REVIEW_ALL, { execute: () => this.start('chat'), isEnabled: hasFiles });
        registry.registerCommand(ReviewAllCommands.REVIEW_LAST_TURN, { execute: () => this.start('lastTurn'), isEnabled: hasFiles });
        registry.registerCommand(ReviewAllCommands.KEEP_ALL, { execute: () => this.keepAll(), isEnabled: () => this.reviewAll.target().length > 0 });
        registry.registerCommand(ReviewAllCommands.UNDO_ALL, { execute: () => this.undoAll(), isEnabled: () => this.reviewAll.target().length > 0 });
        const inReview = (direction: 1 | -1) => ({
            execute: async () => {
                const editor = this.service.current();
                if (editor && !await this.service.openNextFile(editor.review, direction)) {
                    this.messages.info('No other file of this review has hunks waiting.');
                }
            },
            isEnabled: () => !!this.service.current()
        });
        registry.registerCommand(ReviewAllCommands.NEXT_FILE, inReview(1));
        registry.registerCommand(ReviewAllCommands.PREVIOUS_FILE, inReview(-1));
    }

    registerToolbarItems(registry: TabBarToolbarRegistry): void {
        const inReview = (widget?: Widget) => !!this.service.editorOf(widget);
        [ReviewAllCommands.PREVIOUS_FILE, ReviewAllCommands.NEXT_FILE, ReviewAllCommands.KEEP_ALL, ReviewAllCommands.UNDO_ALL].forEach((command, index) =>
            registry.registerItem({
                id: `acp-review.${command.id}`, command: command.id, tooltip: this.tooltip(command), priority: index, isVisible: inReview,
                onDidChange: this.service.onDidChangeEditors
            }));
        registry.registerItem({
            id: `chat-view.${ReviewAllCommands.REVIEW_ALL.id}`, command: ReviewAllCommands.REVIEW_ALL.id, tooltip: ReviewAllCommands.REVIEW_ALL.label,
            priority: 0, when: ENABLE_AI_CONTEXT_KEY, isVisible: (widget?: Widget) => widget instanceof ChatViewWidget && this.activeChatFiles() > 0,
            onDidChange: this.service.onDidChange as Event<unknown> as Event<void>
        });
    }

    protected tooltip(command: Command): string {
        return command === ReviewAllCommands.KEEP_ALL ? 'Keep all agent changes of this review (every file)'
            : command === ReviewAllCommands.UNDO_ALL ? 'Undo all agent changes of this review (every file; Ctrl+Z in a file brings its changes back)'
                : command.label!;
    }

    protected activeChatFiles(): number {
        const session = this.chatService.getActiveSession();
        return session ? this.service.reviews.chatFiles(session.id).length : 0;
    }

    protected async start(scope: ReviewScope): Promise<void> {
        const session = this.chatService.getActiveSession();
        if (!session || !await this.reviewAll.start(session.id, scope)) {
            this.messages.info(scope === 'chat' ? 'Nothing to review: no change of an agent in this chat waits.'
                : 'Nothing to review: no change of the last turn that wrote files waits.');
        }
    }

    protected async keepAll(): Promise<void> {
        const kept = await this.reviewAll.keepAll(this.reviewAll.target());
        this.messages.info(kept ? `Kept ${hunks(kept)}.` : 'Nothing to keep: no hunk waits.');
    }

    protected async undoAll(): Promise<void> {
        const done = await this.reviewAll.undoAll(this.reviewAll.target());
        this.messages.info(done.hunks
            ? `Undid ${hunks(done.hunks)} in ${done.files} ${done.files === 1 ? 'file' : 'files'}; Ctrl+Z in a file brings its hunks back. The agent hears of it with your next prompt.`
            : 'Nothing to undo: no hunk waits.');
    }
}
