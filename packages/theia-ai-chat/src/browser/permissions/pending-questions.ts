import { inject, injectable } from '@theia/core/shared/inversify';
import { Emitter } from '@theia/core';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { PendingQuestion, PendingQuestionSource } from '@ai-cli-companion/core/editor-shared';
import { AcpQuestionTracker } from '../turn/question-tracker';

/**
 * The chat's permission questions that wait for the user, offered to the companion's pending-review
 * status item and notification through the core's `PendingQuestionSource` contribution point (adapters
 * never import each other). Revealing one activates its chat session.
 */
@injectable()
export class AcpPendingQuestions implements PendingQuestionSource {
    @inject(ChatService) protected readonly chatService: ChatService;

    protected readonly questions = new Map<string, PendingQuestion & { chatSessionId: string }>();
    protected readonly onDidChangeEmitter = new Emitter<void>();
    readonly onDidChangePendingQuestions = this.onDidChangeEmitter.event;

    get pendingQuestions(): readonly PendingQuestion[] {
        return [...this.questions.values()];
    }

    async revealPendingQuestion(id: string): Promise<void> {
        const question = this.questions.get(id);
        if (question) {
            this.chatService.setActiveSession(question.chatSessionId, { focus: true });
        }
    }

    trackerFor(chatSessionId: string, askedBy: string): AcpQuestionTracker {
        return {
            asked: (id, about) => {
                this.questions.set(id, { id, askedBy, about, askedAt: Date.now(), chatSessionId });
                this.onDidChangeEmitter.fire();
            },
            settled: id => {
                if (this.questions.delete(id)) {
                    this.onDidChangeEmitter.fire();
                }
            }
        };
    }
}
