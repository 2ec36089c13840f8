import '../../test/jsdom';

import * as assert from 'assert';
import { Container } from '@theia/core/shared/inversify';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { ClipboardService } from '@theia/core/lib/browser/clipboard-service';
import { FrontendApplicationStateService } from '@theia/core/lib/browser/frontend-application-state';
import { Emitter } from '@theia/core/lib/common/event';
import { ILogger } from '@theia/core/lib/common/logger';
import { MessageService } from '@theia/core/lib/common/message-service';
import { Deferred } from '@theia/core/lib/common/promise-util';
import { MockLogger } from '@theia/core/lib/common/test/mock-logger';
import { EditorManager } from '@theia/editor/lib/browser/editor-manager';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { CompanionService, DiffDelivery, DiffOutcome, PendingDiff } from '../../common/companion-protocol';
import { COPY_PROPOSAL_ACTION, DiffReviewService } from './diff-review-service';
import { ProposalResources } from './proposal-resources';
import { CompanionClientImpl } from '../window/companion-client-impl';


/** The diff editor widget as the service uses it: the right side's text, close and dispose. */
class FakeDiffWidget {
    isDisposed = false;
    text: string;
    readonly disposed = new Emitter<void>();
    readonly onDidDispose = this.disposed.event;
    readonly editor = { document: { getText: () => this.text } };
    constructor(text: string) {
        this.text = text;
    }
    close(): void {
        this.dispose();
    }
    dispose(): void {
        if (!this.isDisposed) {
            this.isDisposed = true;
            this.disposed.fire();
        }
    }
}

describe('DiffReviewService', () => {
    let service: DiffReviewService;
    let opening: Deferred<void> | undefined;
    let widgets: FakeDiffWidget[];
    let decisions: Array<{ diffId: string; outcome: DiffOutcome; answer: Deferred<DiffDelivery> }>;
    let warnings: string[];
    let clipboard: string[];

    const diff = (id: string, newContent = 'proposal'): PendingDiff => ({
        id, sessionId: 's1', clientId: 'gemini', clientName: 'Gemini CLI', filePath: '/ws/src/a.ts',
        editorPath: '/ws/src/a.ts', relativePath: 'src/a.ts', newContent, createdAt: 0
    });

    beforeEach(() => {
        opening = undefined;
        widgets = [];
        decisions = [];
        warnings = [];
        clipboard = [];
        const container = new Container();
        container.bind(EditorManager).toConstantValue({
            open: async () => {
                await opening?.promise;
                const widget = new FakeDiffWidget(lastShown.newContent);
                widgets.push(widget);
                return widget;
            }
        } as unknown as EditorManager);
        container.bind(ApplicationShell).toConstantValue({ activeWidget: undefined, activateWidget: () => undefined } as unknown as ApplicationShell);
        container.bind(FileService).toConstantValue({ exists: async () => false } as unknown as FileService);
        container.bind(ProposalResources).toSelf().inSingletonScope();
        container.bind(CompanionService).toConstantValue({
            resolveDiff: (diffId: string, outcome: DiffOutcome) => {
                const answer = new Deferred<DiffDelivery>();
                decisions.push({ diffId, outcome, answer });
                return answer.promise;
            }
        } as unknown as CompanionService);
        container.bind(MessageService).toConstantValue({
            warn: async (text: string, ...actions: string[]) => {
                warnings.push(text);
                return actions.includes(COPY_PROPOSAL_ACTION) ? COPY_PROPOSAL_ACTION : undefined;
            }
        } as unknown as MessageService);
        container.bind(ClipboardService).toConstantValue({ writeText: async (text: string) => { clipboard.push(text); } } as unknown as ClipboardService);
        container.bind(FrontendApplicationStateService).toConstantValue({ reachedState: async () => undefined } as unknown as FrontendApplicationStateService);
        container.bind(ILogger).to(MockLogger);
        container.bind(CompanionClientImpl).toSelf();
        container.bind(DiffReviewService).toSelf();
        service = container.get(DiffReviewService);
    });

    let lastShown: PendingDiff;
    const show = (pending: PendingDiff) => {
        lastShown = pending;
        return service.show(pending);
    };
    const settle = () => new Promise(resolve => setTimeout(resolve, 0));

    it('closes a diff withdrawn while its editor was opening, and never lists it', async () => {
        opening = new Deferred();
        const shown = show(diff('d1'));
        await settle();
        assert.strictEqual(await service.close('d1'), undefined, 'not open yet: nothing to hand back');
        opening.resolve();
        await shown;
        assert.strictEqual(widgets[0].isDisposed, true);
        assert.deepStrictEqual(service.openReviews, []);
        assert.deepStrictEqual(decisions, [], 'a withdrawn diff is no decision');
    });

    it('keeps the review open until the decision has arrived, then closes it', async () => {
        await show(diff('d2'));
        const [review] = service.openReviews;
        widgets[0].text = 'proposal, edited';
        const accepting = service.accept(review);
        await settle();
        assert.deepStrictEqual(decisions.map(d => [d.diffId, d.outcome]), [['d2', { accepted: true, content: 'proposal, edited' }]]);
        assert.strictEqual(widgets[0].isDisposed, false, 'still open while the CLI has not got it');
        decisions[0].answer.resolve({ delivered: true });
        await accepting;
        assert.strictEqual(widgets[0].isDisposed, true);
        assert.deepStrictEqual(warnings, []);
    });

    it('tells the user when an accepted proposal cannot reach its CLI, and copies it on request', async () => {
        await show(diff('d3', 'the approved text'));
        const accepting = service.accept(service.openReviews[0]);
        await settle();
        decisions[0].answer.resolve({ delivered: false, reason: 'Gemini CLI is no longer connected; the proposal was not applied.' });
        await accepting;
        await settle();
        assert.deepStrictEqual(warnings, ['src/a.ts: Gemini CLI is no longer connected; the proposal was not applied.']);
        assert.deepStrictEqual(clipboard, ['the approved text']);
    });

    it('closing the tab rejects, once, without asking to save', async () => {
        await show(diff('d4'));
        service.openReviews[0].widget.close(); // the tab's ×: the service replaced close()
        await settle();
        assert.deepStrictEqual(decisions.map(d => [d.diffId, d.outcome]), [['d4', { accepted: false, via: 'tab' }]]);
        decisions[0].answer.resolve({ delivered: true });
        await settle();
        assert.strictEqual(widgets[0].isDisposed, true);
        assert.strictEqual(decisions.length, 1);
    });
});
