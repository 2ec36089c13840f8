import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { WelcomePageSection } from '../../common/theia-patch-hooks/welcome-page-section';
import { AgentsOverview } from './agents-overview';
import { AgentsWelcomePageSection } from './agents-welcome-page-section';
import { FirstStartLayout } from './first-start-layout';

/**
 * The first minutes: the welcome page's agents section (which CLIs are installed and connected; a WelcomePageSection,
 * which the page's patch renders) and the Explorer open on a workspace's first start.
 */
export function bindWelcome(bind: interfaces.Bind): void {
    bind(AgentsOverview).toSelf().inSingletonScope();
    bind(AgentsWelcomePageSection).toSelf().inSingletonScope();
    bind(WelcomePageSection).toService(AgentsWelcomePageSection);
    bind(FirstStartLayout).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(FirstStartLayout);
}
