import { ContainerModule } from '@theia/core/shared/inversify';
import { bindAgents } from './agents/agents-module';
import { bindAuth } from './auth/auth-module';
import { bindHistory } from './history/history-module';
import { bindRegistry } from './registry/registry-module';
import { bindSecurity } from './security/security-module';
import { bindSession } from './session/session-module';
import { bindToolCalls } from './tool-calls/tool-calls-module';

/** ACP agents in Theia's AI chat, the backend side, feature by feature. */
export default new ContainerModule(bind => {
    bindAgents(bind);
    bindToolCalls(bind);
    bindSession(bind);
    bindHistory(bind);
    bindAuth(bind);
    bindRegistry(bind);
    bindSecurity(bind);
});
