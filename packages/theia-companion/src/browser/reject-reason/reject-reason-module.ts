import { interfaces } from '@theia/core/shared/inversify';
import { KeybindingContribution } from '@theia/core/lib/browser/keybinding';
import { TabBarToolbarContribution } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { CommandContribution } from '@theia/core/lib/common/command';
import { RejectReasonContribution } from './reject-reason-contribution';
import { RejectReasonTypist } from './reason-typist';

/** Reject a terminal CLI's proposal with a reason, typed into its terminal as the user's next message. */
export function bindRejectReason(bind: interfaces.Bind): void {
    bind(RejectReasonTypist).toSelf().inSingletonScope();
    bind(RejectReasonContribution).toSelf().inSingletonScope();
    [CommandContribution, TabBarToolbarContribution, KeybindingContribution].forEach(id => bind(id).toService(RejectReasonContribution));
}
