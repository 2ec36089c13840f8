import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { KeybindingContribution } from '@theia/core/lib/browser/keybinding';
import { TabBarToolbarContribution } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { CommandContribution } from '@theia/core/lib/common/command';
import { RejectReasonContribution } from './reject-reason-contribution';
import { RejectReasonTypist } from './reason-typist';
import { RevertReasonNotes } from './revert-reason-notes';

/** Reject a terminal CLI's proposal, or revert blocks of it, with a reason typed into its terminal as the user's next message. */
export function bindRejectReason(bind: interfaces.Bind): void {
    bind(RejectReasonTypist).toSelf().inSingletonScope();
    bind(RejectReasonContribution).toSelf().inSingletonScope();
    [CommandContribution, TabBarToolbarContribution, KeybindingContribution].forEach(id => bind(id).toService(RejectReasonContribution));
    bind(RevertReasonNotes).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(RevertReasonNotes);
}
