import { inject, injectable } from '@theia/core/shared/inversify';
import { Emitter } from '@theia/core/lib/common/event';
import { CompanionClient, CompanionStatus, DiffRequest } from '../common/companion-protocol';
import { DiffReviewService } from './diff-review-service';

/** Answers the backend's calls for this window. */
@injectable()
export class CompanionClientImpl implements CompanionClient {
    @inject(DiffReviewService) protected readonly diffReview: DiffReviewService;

    protected readonly onStatusChangedEmitter = new Emitter<CompanionStatus>();
    readonly onStatusChanged = this.onStatusChangedEmitter.event;

    openDiff(request: DiffRequest): Promise<void> {
        return this.diffReview.open(request);
    }

    closeDiff(request: { sessionId: string; filePath: string }): Promise<string | undefined> {
        return this.diffReview.closeSilently(request.sessionId, request.filePath);
    }

    sessionEnded(sessionId: string): void {
        this.diffReview.closeAllOfSession(sessionId);
    }

    statusChanged(status: CompanionStatus): void {
        this.onStatusChangedEmitter.fire(status);
    }
}
