import * as monaco from '@theia/monaco-editor-core';
import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
import URI from '@theia/core/lib/common/uri';
import { MonacoTextModelService } from '@theia/monaco/lib/browser/monaco-text-model-service';
import { MonacoEditorModel } from '@theia/monaco/lib/browser/monaco-editor-model';
import { ChatService, isSessionDeletedEvent } from '@theia/ai-chat/lib/common/chat-service';
import { revertEdit, splitLines } from '@ai-cli-companion/core/editor-shared';
import { ChangeReviewService } from './change-review-service';
import { FileReview } from './change-reviews';
import { HunkReviewEditor } from './hunk-review-editor';
import { ReviewScope, ReviewWalk } from './review-walk';

/**
 * Review All (issue 30): one review over every file of a chat, or of its last turn, hunk after hunk in each
 * file's review diff, and Keep All / Undo All over all of them. Undo All is an edit of each file's editor model,
 * so Ctrl+Z in that file brings its hunks back: the model of a file no editor shows is held for that until the
 * chat goes.
 */
@injectable()
export class ReviewAllService {
    @inject(ChangeReviewService) protected readonly service: ChangeReviewService;
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(MonacoTextModelService) protected readonly models: MonacoTextModelService;

    protected readonly held = new Map<string, { chatSessionId: string; reference: { object: MonacoEditorModel; dispose(): void } }>();

    @postConstruct()
    protected init(): void {
        this.chatService.onSessionEvent(event => {
            if (isSessionDeletedEvent(event)) {
                for (const [key, { chatSessionId, reference }] of this.held) {
                    if (chatSessionId === event.sessionId) {
                        reference.dispose();
                        this.held.delete(key);
                    }
                }
            }
        });
    }

    /** The files of `scope`, in the order the agents first wrote them; the last turn is the latest that wrote a file. */
    files(chatSessionId: string, scope: ReviewScope): FileReview[] {
        const all = this.service.reviews.chatFiles(chatSessionId);
        if (scope === 'chat') {
            return all;
        }
        const written = new Set(all.map(review => review.requestId));
        const requests = this.chatService.getSession(chatSessionId)?.model.getRequests() ?? [];
        const turn = [...requests].reverse().find(request => written.has(request.id))?.id ?? all.at(-1)?.requestId;
        return all.filter(review => review.requestId === turn);
    }

    /** Starts the walk and opens its first file with hunks waiting, the cursor on its first hunk; undefined when nothing waits. */
    async start(chatSessionId: string, scope: ReviewScope): Promise<HunkReviewEditor | undefined> {
        const files = this.files(chatSessionId, scope);
        const walk = this.service.walk = new ReviewWalk(chatSessionId, scope, files.map(review => review.uri));
        // The first file with hunks waiting by the counts known now opens at once; the other files are counted again
        // meanwhile (each is a read and a diff: waiting for all of them held the first review back).
        let first = walk.nextFile(undefined, 1, this.waiting(chatSessionId));
        const recount = Promise.all(files.filter(review => review.uri !== first).map(review => this.service.syncWithFile(review)));
        if (first === undefined) {
            await recount;
            first = walk.nextFile(undefined, 1, this.waiting(chatSessionId));
        } else {
            recount.catch(error => console.warn('Could not count the hunks of the chat\'s other files again', error));
        }
        const editor = first === undefined ? undefined : await this.service.open(chatSessionId, new URI(first));
        editor?.revealFirst(1);
        return editor;
    }

    /** The review diff of the walk's next (or previous) file with hunks waiting; undefined when no other file waits. */
    async openNextFile(editor: HunkReviewEditor, direction: 1 | -1): Promise<HunkReviewEditor | undefined> {
        return this.service.openNextFile(editor.review, direction);
    }

    /**
     * What Keep All and Undo All act on: the walk, when the review in front is one of its files; else every file
     * of the chat in front.
     */
    target(): FileReview[] {
        const walk = this.service.walk;
        const front = this.service.current()?.review;
        if (walk && front && walk.includes(front.chatSessionId, front.uri)) {
            return walk.uris.map(uri => this.service.reviews.get(walk.chatSessionId, uri)).filter((review): review is FileReview => !!review);
        }
        const session = this.chatService.getActiveSession();
        return session ? this.service.reviews.chatFiles(session.id) : [];
    }

    /** Keeps every hunk waiting in `files`: the files stay as they are. How many hunks were kept. */
    async keepAll(files: readonly FileReview[]): Promise<number> {
        let kept = 0;
        for (const review of files) {
            await this.service.syncWithFile(review);
            if (review.waiting > 0) {
                kept += review.waiting;
                this.service.kept(review, this.service.reviews.keepAll(review));
            }
        }
        return kept;
    }

    /**
     * Undoes every hunk waiting in `files`, each file's in one edit of its editor model (one Ctrl+Z in the file
     * brings them back), saved unless the file had unsaved changes already; each hunk goes into the review note.
     */
    async undoAll(files: readonly FileReview[]): Promise<{ hunks: number; files: number }> {
        const done = { hunks: 0, files: 0 };
        for (const review of files) {
            const model = await this.model(review);
            const text = model.textEditorModel;
            this.service.reviews.update(review, text.getValue());
            const baseline = splitLines(review.baseline).lines;
            const current = text.getLinesContent();
            const hunks = this.service.reviews.undoingAll(review, new URI(review.uri).path.fsPath());
            if (hunks.length === 0) {
                continue;
            }
            const hadUnsavedChanges = model.dirty;
            const edits = hunks.map(hunk => revertEdit(baseline, current, hunk, text.getEOL())).map(edit => ({
                range: new monaco.Range(edit.startLineNumber, edit.startColumn, edit.endLineNumber, edit.endColumn), text: edit.text
            }));
            text.pushStackElement();
            text.pushEditOperations([], edits, () => null);
            text.pushStackElement();
            this.service.reviews.update(review, text.getValue());
            done.hunks += hunks.length;
            done.files++;
            if (!hadUnsavedChanges) {
                await model.save();
            }
        }
        return done;
    }

    protected waiting(chatSessionId: string): (uri: string) => number {
        return uri => this.service.reviews.get(chatSessionId, uri)?.waiting ?? 0;
    }

    /** The file's editor model, held until the chat goes so that its undo stack stays (Ctrl+Z after Undo All). */
    protected async model(review: FileReview): Promise<MonacoEditorModel> {
        const key = JSON.stringify([review.chatSessionId, review.uri]);
        let held = this.held.get(key);
        if (!held) {
            held = { chatSessionId: review.chatSessionId, reference: await this.models.createModelReference(new URI(review.uri)) };
            this.held.set(key, held);
        }
        return held.reference.object;
    }
}
