import { inject, injectable } from '@theia/core/shared/inversify';
import { Emitter } from '@theia/core/lib/common/event';
import { CompanionClient, CompanionStatus, PendingDiff } from '../common/companion-protocol';
import { DiffReviewService } from './diff-review-service';

/**
 * Resolves the DiffReviewService on first use. The client must not depend on it at construction:
 * the CompanionService proxy is created with this client, and the DiffReviewService needs that
 * proxy, so a direct injection is a cycle that inversify resolves forever (the window never starts).
 */
export const DiffReviewServiceProvider = Symbol('DiffReviewServiceProvider');
export type DiffReviewServiceProvider = () => DiffReviewService;

/** Answers the backend's calls for this window. */
@injectable()
export class CompanionClientImpl implements CompanionClient {
    @inject(DiffReviewServiceProvider) protected readonly diffReviewProvider: DiffReviewServiceProvider;

    protected get diffReview(): DiffReviewService {
        return this.diffReviewProvider();
    }

    protected readonly onStatusChangedEmitter = new Emitter<CompanionStatus>();
    readonly onStatusChanged = this.onStatusChangedEmitter.event;

    showDiff(diff: PendingDiff): Promise<void> {
        return this.diffReview.show(diff);
    }

    closeDiff(diffId: string): Promise<string | undefined> {
        return this.diffReview.close(diffId);
    }

    statusChanged(status: CompanionStatus): void {
        this.onStatusChangedEmitter.fire(status);
    }
}
