import { inject, injectable } from '@theia/core/shared/inversify';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { ChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { AIChatContribution } from '@theia/ai-chat-ui/lib/browser/ai-chat-ui-contribution';
import { REJECT_REASON_SEND_PREFERENCE } from './reject-reason-preference';

/**
 * The reasons the user gave for rejecting, told to the agent as the chat's next message once the turn that
 * asked ends: the reason also goes in the answer's `_meta`, but no agent reads that yet. Sent by itself, or
 * (aiCliChat.rejectReason.sendAutomatically off, or the turn was stopped) put into the chat input to edit.
 */
@injectable()
export class AcpRejectReasons {
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(AIChatContribution) protected readonly chatView: AIChatContribution;

    /** The messages waiting for each request's turn to end, by request id. */
    protected readonly waiting = new Map<string, string[]>();

    /** A rejection with a reason in the chat session's current turn. */
    rejected(chatSessionId: string, message: string): void {
        const request = this.chatService.getSession(chatSessionId)?.model.getRequests().at(-1);
        if (!request) {
            return;
        }
        const waiting = this.waiting.get(request.id);
        if (waiting) {
            waiting.push(message); // several in one turn: one message, a line each
            return;
        }
        this.waiting.set(request.id, [message]);
        const response = request.response;
        const ended = () => {
            listener.dispose();
            const messages = this.waiting.get(request.id) ?? [];
            this.waiting.delete(request.id);
            // Stopped or failed: the user decides whether the message still goes.
            void this.tell(chatSessionId, request, messages.join('\n'), response.isCanceled || response.isError)
                .catch(error => console.warn('Could not tell the agent why you rejected', error));
        };
        const listener = response.onDidChange(() => response.isComplete && ended());
    }

    protected async tell(chatSessionId: string, request: ChatRequestModel, message: string, stopped: boolean): Promise<void> {
        // Addressed to the agent that asked: the chat might otherwise pick its default agent.
        const text = request.agentId ? `@${request.agentId} ${message}` : message;
        if (!stopped && this.preferences.get<boolean>(REJECT_REASON_SEND_PREFERENCE, true) !== false) {
            const sent = await this.chatService.sendRequest(chatSessionId, { text });
            // Theia's chat input listens to a response only once it has drawn it: sent from the end of the turn before,
            // an agent that answers at once completed it first, and the input kept its Stop button. Drawn again when done.
            void sent?.responseCompleted.then(() => this.chatView.tryGetWidget()?.inputWidget.update());
            return;
        }
        // Stopped by the user, or the setting says so: the message waits in the input, to edit or drop.
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
