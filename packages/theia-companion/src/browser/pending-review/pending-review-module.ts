import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { CommandContribution } from '@theia/core/lib/common/command';
import { bindContributionProvider } from '@theia/core/lib/common/contribution-provider';
import { PendingQuestionSource } from '@ai-cli-companion/core';
import { PendingReviewContribution } from './pending-review-contribution';
import { PendingReviewNotifier } from './pending-review-notifier';

/** The pending-review count, Go to Pending Review, and a system notification while the window is hidden. */
export function bindPendingReview(bind: interfaces.Bind): void {
    bindContributionProvider(bind, PendingQuestionSource);
    bind(PendingReviewContribution).toSelf().inSingletonScope();
    [FrontendApplicationContribution, CommandContribution].forEach(id => bind(id).toService(PendingReviewContribution));
    bind(PendingReviewNotifier).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(PendingReviewNotifier);
}
