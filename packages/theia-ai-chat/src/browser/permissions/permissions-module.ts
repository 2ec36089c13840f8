import { interfaces } from '@theia/core/shared/inversify';
import { PendingQuestionSource } from '@ai-cli-companion/core/editor-shared';
import { AcpPendingQuestions } from './pending-questions';

/** An agent's permission questions, counted in the companion's pending-review status item. */
export function bindPermissions(bind: interfaces.Bind): void {
    bind(AcpPendingQuestions).toSelf().inSingletonScope();
    bind(PendingQuestionSource).toService(AcpPendingQuestions);
}
