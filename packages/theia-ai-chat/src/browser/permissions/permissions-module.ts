import { interfaces } from '@theia/core/shared/inversify';
import { PendingQuestionSource } from '@ai-cli-companion/core/editor-shared';
import { AcpPendingQuestions } from './pending-questions';
import { AcpRejectReasons } from './reject-reasons';
import { AcpTurnContribution } from '../turn/turn-contribution';
import { AcpPermissionTurnContribution } from './permission-turn-contribution';
import { bindRejectReasonPreference } from './reject-reason-preference';

/** An agent's permission questions, counted in the companion's pending-review status item; the reasons of rejections. */
export function bindPermissions(bind: interfaces.Bind): void {
    bind(AcpPendingQuestions).toSelf().inSingletonScope();
    bind(PendingQuestionSource).toService(AcpPendingQuestions);
    bind(AcpRejectReasons).toSelf().inSingletonScope();
    bind(AcpTurnContribution).to(AcpPermissionTurnContribution).inSingletonScope();
    bindRejectReasonPreference(bind);
}
