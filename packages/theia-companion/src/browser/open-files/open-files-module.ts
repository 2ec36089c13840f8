import { interfaces } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { OpenFilesTracker } from './open-files-tracker';

/** The context the CLIs see: Theia's editors fed into the core's open-files model. */
export function bindOpenFiles(bind: interfaces.Bind): void {
    bind(OpenFilesTracker).toSelf().inSingletonScope();
    bind(FrontendApplicationContribution).toService(OpenFilesTracker);
}
