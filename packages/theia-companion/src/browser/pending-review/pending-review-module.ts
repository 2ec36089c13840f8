import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { CommandContribution } from '@theia/core/lib/common/command';
import { PendingReviewContribution } from './pending-review-contribution';
import { PendingReviewNotifier } from './pending-review-notifier';

/** The pending-review count, Go to Pending Review, and a system notification while the window is hidden. */
export function bindPendingReview(bind: interfaces.Bind): void {
    bind(PendingReviewContribution).toSelf().inSingletonScope();
    [FrontendApplicationContribution, CommandContribution].forEach(id => bind(id).toService(PendingReviewContribution));
    bind(PendingReviewNotifier).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(PendingReviewNotifier);
}
