import { interfaces } from '@theia/core/shared/inversify';
import { KeybindingContribution } from '@theia/core/lib/browser/keybinding';
import { TabBarToolbarContribution } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { CommandContribution } from '@theia/core/lib/common/command';
import { ResourceResolver } from '@theia/core/lib/common/resource';
import { DiffReviewContribution } from './diff-review-contribution';
import { DiffReviewService } from './diff-review-service';
import { ProposalResources } from './proposal-resources';

/** Proposals as native diff editors: the core's review controller on Theia widgets, ✓/✗, Ctrl/Cmd+S. */
export function bindDiffReview(bind: interfaces.Bind): void {
    bind(ProposalResources).toSelf().inSingletonScope();
    bind(ResourceResolver).toService(ProposalResources);
    bind(DiffReviewService).toSelf().inSingletonScope();
    bind(DiffReviewContribution).toSelf().inSingletonScope();
    [CommandContribution, TabBarToolbarContribution, KeybindingContribution].forEach(id => bind(id).toService(DiffReviewContribution));
}
