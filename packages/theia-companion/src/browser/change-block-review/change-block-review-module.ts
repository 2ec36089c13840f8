import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { KeybindingContribution } from '@theia/core/lib/browser/keybinding';
import { CommandContribution } from '@theia/core/lib/common/command';
import { ChangeBlockReviewContribution } from './change-block-review-contribution';

/** Keep or revert a proposal block by block. */
export function bindChangeBlockReview(bind: interfaces.Bind): void {
    bind(ChangeBlockReviewContribution).toSelf().inSingletonScope();
    [FrontendApplicationContribution, CommandContribution, KeybindingContribution].forEach(id => bind(id).toService(ChangeBlockReviewContribution));
}
