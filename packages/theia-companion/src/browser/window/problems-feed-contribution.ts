import { inject, injectable, optional } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { ProblemManager } from '@theia/markers/lib/browser/problem/problem-manager';
import { CompanionService } from '../../common/companion-protocol';

/** A build's burst of marker changes goes to the backend as one call. */
const BATCH_MS = 50;

/**
 * Tells the window's server which files' problems changed (Copilot CLI hears it as diagnostics_changed);
 * the server reads the problems themselves through getDiagnostics, as for every other CLI.
 */
@injectable()
export class ProblemsFeedContribution implements FrontendApplicationContribution {
    @inject(CompanionService) protected readonly service: CompanionService;
    @inject(ProblemManager) @optional() protected readonly problems: ProblemManager | undefined;

    protected readonly changed = new Set<string>();
    protected timer: ReturnType<typeof setTimeout> | undefined;

    onStart(): void {
        this.problems?.onDidChangeMarkers(uri => {
            if (uri.scheme !== 'file') {
                return;
            }
            this.changed.add(uri.toString());
            this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
        });
    }

    protected flush(): void {
        this.timer = undefined;
        const uris = [...this.changed];
        this.changed.clear();
        this.service.diagnosticsChanged(uris).catch(() => undefined); // no server attached yet: nobody to tell
    }
}
