import { inject, injectable } from '@theia/core/shared/inversify';
import { KeybindingContribution, KeybindingRegistry } from '@theia/core/lib/browser/keybinding';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { LineChange } from '@ai-cli-companion/core/editor-shared';
import { ChangeReviewService, HUNK_REVIEW_KEYS } from './change-review-service';
import { HUNK_REVIEW_CONTEXT, HunkReviewEditor } from './hunk-review-editor';
import { ReviewAllService } from './review-all';

export namespace HunkReviewCommands {
    const category = 'AI Chat';
    export const KEEP: Command = { id: 'aiCliChat.review.keepHunk', category, label: 'Keep Agent Change at Cursor' };
    export const UNDO: Command = { id: 'aiCliChat.review.undoHunk', category, label: 'Undo Agent Change at Cursor' };
    export const UNDO_WITH_REASON: Command = { id: 'aiCliChat.review.undoHunkWithReason', category, label: 'Undo Agent Change at Cursor with a Reason…' };
    export const NEXT: Command = { id: 'aiCliChat.review.nextHunk', category, label: 'Next Agent Change to Review' };
    export const PREVIOUS: Command = { id: 'aiCliChat.review.previousHunk', category, label: 'Previous Agent Change to Review' };
    export const REVIEW_CHAT: Command = { id: 'aiCliChat.review.chat', category, label: 'Review Agent Changes of This Chat' };
    export const KEEP_ALL: Command = { id: 'aiCliChat.review.keepAll', category, label: 'Keep All Agent Changes of This File' };
}

/**
 * The review's commands act on the review diff in front. Keep and Undo have the keys of the terminal
 * CLIs' block review; the `when` of the chat's review editors tells the two apart.
 */
@injectable()
export class ChangeReviewContribution implements CommandContribution, KeybindingContribution {
    @inject(ChangeReviewService) protected readonly service: ChangeReviewService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(ReviewAllService) protected readonly reviewAll: ReviewAllService;

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(HunkReviewCommands.KEEP, this.atCursor((editor, hunk) => editor.keep(hunk)));
        registry.registerCommand(HunkReviewCommands.UNDO, this.atCursor((editor, hunk) => editor.undo(hunk)));
        registry.registerCommand(HunkReviewCommands.UNDO_WITH_REASON, this.atCursor((editor, hunk) => editor.undoWithReason(hunk)));
        // At the last hunk of a file, Next goes on to the chat's next file with hunks waiting: hunk after hunk through the chat.
        registry.registerCommand(HunkReviewCommands.NEXT, this.inReview(editor => this.go(editor, 1)));
        registry.registerCommand(HunkReviewCommands.PREVIOUS, this.inReview(editor => this.go(editor, -1)));
        registry.registerCommand(HunkReviewCommands.REVIEW_CHAT, { execute: () => this.reviewChat() });
        registry.registerCommand(HunkReviewCommands.KEEP_ALL, this.inReview(editor => this.service.keepAll(editor)));
    }

    registerKeybindings(registry: KeybindingRegistry): void {
        const when = HUNK_REVIEW_CONTEXT;
        registry.registerKeybinding({ command: HunkReviewCommands.KEEP.id, keybinding: HUNK_REVIEW_KEYS.keep, when });
        registry.registerKeybinding({ command: HunkReviewCommands.UNDO.id, keybinding: HUNK_REVIEW_KEYS.undo, when });
        registry.registerKeybinding({ command: HunkReviewCommands.UNDO_WITH_REASON.id, keybinding: HUNK_REVIEW_KEYS.undoWithReason, when });
        registry.registerKeybinding({ command: HunkReviewCommands.NEXT.id, keybinding: HUNK_REVIEW_KEYS.next, when });
        registry.registerKeybinding({ command: HunkReviewCommands.PREVIOUS.id, keybinding: HUNK_REVIEW_KEYS.previous, when });
    }

    protected async go(editor: HunkReviewEditor, direction: 1 | -1): Promise<void> {
        if (!editor.go(direction, false) && !await this.service.openNextFile(editor.review, direction)) {
            editor.go(direction, true);
        }
    }

    /** Review All of the chat in front: its first file that has hunks waiting, its cursor on its first hunk. */
    protected async reviewChat(): Promise<void> {
        const session = this.chatService.getActiveSession();
        if (!session || !await this.reviewAll.start(session.id, 'chat')) {
            this.messages.info('Nothing to review: no change of an agent in this chat waits.');
        }
    }

    protected inReview(action: (editor: HunkReviewEditor) => unknown) {
        return {
            execute: () => {
                const editor = this.service.current();
                return editor ? action(editor) : this.messages.info('Open a file of the chat\'s change set first: this command acts on its review.');
            },
            isEnabled: () => !!this.service.current()
        };
    }

    protected atCursor(action: (editor: HunkReviewEditor, hunk: LineChange) => unknown) {
        return this.inReview(editor => {
            const hunk = editor.hunkAtCursor();
            return hunk ? action(editor, hunk) : this.messages.info('The cursor is not on a change of the agent.');
        });
    }
}
