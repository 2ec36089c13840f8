import { interfaces } from '@theia/core/shared/inversify';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { AcpAgentHosts } from './agent-hosts';

/** The agent processes, shared by all windows and stopped with the backend. */
export function bindAgents(bind: interfaces.Bind): void {
    bind(AcpAgentHosts).toSelf().inSingletonScope();
    bind(BackendApplicationContribution).toService(AcpAgentHosts);
}
