import * as React from '@theia/core/shared/react';
import { inject, injectable } from '@theia/core/shared/inversify';
import { Event } from '@theia/core/lib/common/event';
import { ChangeSet } from '@theia/ai-chat/lib/common/change-set';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { ChangeSetActionRenderer } from '@theia/ai-chat-ui/lib/browser/change-set-actions/change-set-action-service';
import { ChangeReviewService } from './change-review-service';
import { ReviewAllService } from './review-all';
import { hunks } from './review-walk';
import { ReviewRecordStore } from './review-record-store';

/** "Review All" in the header of a chat's change set, beside Theia's Apply All: how many hunks wait in the chat. */
@injectable()
export class ReviewAllAction implements ChangeSetActionRenderer {
    readonly id = 'acp-change-set-review-all';
    readonly priority = 10;
    @inject(ChangeReviewService) protected readonly service: ChangeReviewService;
    @inject(ReviewAllService) protected readonly reviewAll: ReviewAllService;
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(ReviewRecordStore) protected readonly record: ReviewRecordStore;

    get onDidChange(): Event<void> {
        return Event.any(this.service.onDidChange as Event<unknown> as Event<void>, this.record.onDidChange);
    }

    canRender(changeSet: ChangeSet): boolean {
        return this.chatOf(changeSet) !== undefined;
    }

    render(changeSet: ChangeSet): React.ReactNode {
        const chatSessionId = this.chatOf(changeSet);
        if (chatSessionId === undefined) {
            return undefined;
        }
        const waiting = this.service.reviews.chatFiles(chatSessionId).reduce((sum, review) => sum + Math.max(0, review.waiting), 0);
        return <button
            className='theia-button secondary theia-acp-review-all'
            data-waiting={waiting}
            title={[`Review every file of this chat hunk after hunk (${hunks(waiting)} waiting)`, ...this.recordLines(chatSessionId)].join('\n')}
            onClick={() => void this.reviewAll.start(chatSessionId, 'chat')}
        >
            Review All
        </button>;
    }

    /** The record of the chat's agents, as far as this window knows it (Show Agent Review Record reads it all). */
    protected recordLines(chatSessionId: string): string[] {
        const record = this.record.current;
        const agents = new Set(this.service.reviews.chatFiles(chatSessionId).map(review => review.agentId ?? 'unknown'));
        return [...agents].filter(agentId => record[agentId]).map(agentId => {
            const { name, kept, undone } = record[agentId];
            return `${name} so far: you kept ${hunks(kept)}, undid ${undone}`;
        });
    }

    /** The chat whose change set this is, when the agents' review knows its files. */
    protected chatOf(changeSet: ChangeSet): string | undefined {
        const session = this.chatService.getSessions().find(candidate => candidate.model.changeSet === changeSet);
        return session && this.service.reviews.chatFiles(session.id).length > 0 ? session.id : undefined;
    }
}
