import { interfaces } from '@theia/core/shared/inversify';
import { TabBarToolbarContribution } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { CommandContribution } from '@theia/core/lib/common/command';
import { ResourceResolver } from '@theia/core/lib/common/resource';
import { ConnectionDiagnosticsContribution } from './connection-diagnostics-contribution';
import { ConnectionDiagnosticsResources } from './connection-diagnostics-resource';

/** Diagnose Connection: the checks' report in a tab and the output channel. */
export function bindConnectionDiagnostics(bind: interfaces.Bind): void {
    bind(ConnectionDiagnosticsResources).toSelf().inSingletonScope();
    bind(ResourceResolver).toService(ConnectionDiagnosticsResources);
    bind(ConnectionDiagnosticsContribution).toSelf().inSingletonScope();
    [CommandContribution, TabBarToolbarContribution].forEach(id => bind(id).toService(ConnectionDiagnosticsContribution));
}
