import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { AgentsOverview } from './agents-overview';
import { FirstStartLayout } from './first-start-layout';

/**
 * The first minutes: the welcome page's agents section (which CLIs are installed and connected; the page itself is
 * patched in theia-patches/) and the Explorer open on a workspace's first start.
 */
export function bindWelcome(bind: interfaces.Bind): void {
    bind(AgentsOverview).toSelf().inSingletonScope();
    bind(FirstStartLayout).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(FirstStartLayout);
}
