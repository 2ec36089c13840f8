import { inject, injectable } from '@theia/core/shared/inversify';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { ChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { AIChatContribution } from '@theia/ai-chat-ui/lib/browser/ai-chat-ui-contribution';
import { REJECT_REASON_SEND_PREFERENCE } from './reject-reason-preference';
import { AcpPromptQueue } from '../input/prompt-queue';

/**
 * The reasons the user gave for rejecting, told to the agent as the chat's next message once the turn that
 * asked ends: the reason also goes in the answer's `_meta`, but no agent reads that yet. With
 * aiCliChat.rejectReason.sendAutomatically on, the message waits in the chat's queue from the rejection on,
 * first of the queued messages (shown under the input, where it can be edited or removed) and goes when the turn
 * ends; off, or when the turn was stopped or failed, it is put into the chat input to edit instead.
 */
@injectable()
export class AcpRejectReasons {
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(AIChatContribution) protected readonly chatView: AIChatContribution;
    @inject(AcpPromptQueue) protected readonly queue: AcpPromptQueue;

    /** The reasons given in each request's turn, by request id, and the queued message that tells them. */
    protected readonly waiting = new Map<string, { messages: string[]; queued?: number }>();

    /** A rejection with a reason in the chat session's current turn. */
    rejected(chatSessionId: string, message: string): void {
        const request = this.chatService.getSession(chatSessionId)?.model.getRequests().at(-1);
        if (!request) {
            return;
        }
        let reasons = this.waiting.get(request.id);
        if (reasons) {
            reasons.messages.push(message); // several in one turn: one message, a line each
        } else {
            reasons = { messages: [message] };
            this.waiting.set(request.id, reasons);
            const response = request.response;
            const listener = response.onDidChange(() => {
                if (response.isComplete) {
                    listener.dispose();
                    this.turnEnded(chatSessionId, request, response.isCanceled || response.isError);
                }
            });
        }
        if (this.preferences.get<boolean>(REJECT_REASON_SEND_PREFERENCE, true) !== false) {
            const next = { text: this.text(request, reasons.messages) };
            if (reasons.queued === undefined || !this.queue.replace(chatSessionId, reasons.queued, next)) {
                reasons.queued = this.queue.add(chatSessionId, next, true).id;
            }
        }
    }

    protected turnEnded(chatSessionId: string, request: ChatRequestModel, stopped: boolean): void {
        const reasons = this.waiting.get(request.id);
        this.waiting.delete(request.id);
        if (!reasons) {
            return;
        }
        // Ended as the agent finished it: the queue sends the message. Stopped, failed, or not to be sent by
        // itself: the user decides, in the input.
        const queued = reasons.queued !== undefined && !stopped;
        if (!queued) {
            if (reasons.queued !== undefined) {
                this.queue.take(chatSessionId, reasons.queued);
            }
            void this.intoInput(chatSessionId, this.text(request, reasons.messages))
                .catch(error => console.warn('Could not tell the agent why you rejected', error));
        }
    }

    /** Addressed to the agent that asked: the chat might otherwise pick its default agent. */
    protected text(request: ChatRequestModel, messages: string[]): string {
        const message = messages.join('\n');
        return request.agentId ? `@${request.agentId} ${message}` : message;
    }

    protected async intoInput(chatSessionId: string, text: string): Promise<void> {
        this.chatService.setActiveSession(chatSessionId, { focus: true });
        const view = await this.chatView.openView({ activate: true });
        const input = view.inputWidget.editor?.getControl();
        if (input) {
            input.setValue(text);
            input.setPosition({ lineNumber: input.getModel()?.getLineCount() ?? 1, column: Number.MAX_SAFE_INTEGER });
            input.focus();
        }
    }
}
