import { inject, injectable, optional } from '@theia/core/shared/inversify';
import { Emitter } from '@theia/core/lib/common/event';
import { Deferred } from '@theia/core/lib/common/promise-util';
import type { DiffView, FileDiagnostics } from '@ai-cli-companion/core';
import { ProblemManager } from '@theia/markers/lib/browser/problem/problem-manager';
import { problemDiagnostics } from './problem-diagnostics';
import { CompanionClient, CompanionStatus, PendingDiff } from '../../common/companion-protocol';

/**
 * Answers the backend's calls for this window and depends on nothing: the CompanionService proxy is
 * created with this client, so the review UI (which needs the proxy) registers itself here instead of
 * being injected (that was a DI cycle). Diff calls that arrive before it has registered wait for it.
 */
@injectable()
export class CompanionClientImpl implements CompanionClient {
    protected readonly view = new Deferred<DiffView>();
    /** The Problems view's markers (no cycle: it does not need the companion proxy); absent in an app without markers. */
    @inject(ProblemManager) @optional() protected readonly problems: ProblemManager | undefined;
    protected readonly onStatusChangedEmitter = new Emitter<CompanionStatus>();
    readonly onStatusChanged = this.onStatusChangedEmitter.event;

    /** The window's review UI; set once, by the review service. */
    setDiffView(view: DiffView): void {
        this.view.resolve(view);
    }

    async showDiff(diff: PendingDiff): Promise<void> {
        return (await this.view.promise).show(diff);
    }

    async closeDiff(diffId: string): Promise<string | undefined> {
        return (await this.view.promise).close(diffId);
    }

    statusChanged(status: CompanionStatus): void {
        this.onStatusChangedEmitter.fire(status);
    }

    async getDiagnostics(uri: string | undefined): Promise<FileDiagnostics[]> {
        return this.problems ? problemDiagnostics(this.problems, uri) : [];
    }
}
