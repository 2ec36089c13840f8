import { interfaces } from '@theia/core/shared/inversify';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { AcpChatTerminals } from './chat-terminals';

/** The commands agents run in client terminals, killed with their chat session or the backend. */
export function bindToolCalls(bind: interfaces.Bind): void {
    bind(AcpChatTerminals).toSelf().inSingletonScope();
    bind(BackendApplicationContribution).toService(AcpChatTerminals);
}
