import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { DiffUris } from '@theia/core/lib/browser/diff-uris';
import { OpenerService, open } from '@theia/core/lib/browser/opener-service';
import { Widget } from '@theia/core/lib/browser/widgets/widget';
import { QuickInputService } from '@theia/core/lib/common/quick-pick-service';
import { KeybindingRegistry } from '@theia/core/lib/browser/keybinding';
import URI from '@theia/core/lib/common/uri';
import { Emitter } from '@theia/core/lib/common/event';
import { EditorWidget } from '@theia/editor/lib/browser/editor-widget';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { MonacoTextModelService } from '@theia/monaco/lib/browser/monaco-text-model-service';
import { ConfigurableInMemoryResources, ConfigurableMutableReferenceResource } from '@theia/ai-core';
import { ChatService, isSessionDeletedEvent } from '@theia/ai-chat/lib/common/chat-service';
import { LineChange } from '@ai-cli-companion/core/editor-shared';
import { ChangeReviews, FileReview, ReviewState } from './change-reviews';
import { HunkReviewEditor, HunkReviewHost } from './hunk-review-editor';
import { monacoHunks } from './monaco-hunks';
import { ReviewWalk } from './review-walk';
import { ChangeSetFileReviews } from '../../common/theia-patch-hooks/change-set-file-reviews';

/** The left side of a review diff: the file's baseline, in memory, read-only. */
export const REVIEW_BASELINE_SCHEME = 'acp-chat-review-baseline';

export const HUNK_REVIEW_KEYS = { keep: 'ctrlcmd+alt+y', undo: 'ctrlcmd+alt+u', undoWithReason: 'ctrlcmd+alt+shift+u', next: 'ctrlcmd+alt+]', previous: 'ctrlcmd+alt+[' };

/**
 * Hunk-by-hunk review of what ACP agents wrote in a chat: the review state of every file of a change
 * set, and its review diff in Theia's diff editor, the baseline against the file itself. The agent
 * is never waited for: a write while the diff is open shows in it (the file's model reloads), and
 * the hunks the user kept stay kept where the write left them alone.
 */
@injectable()
export class ChangeReviewService implements HunkReviewHost, ChangeSetFileReviews {
    @inject(ConfigurableInMemoryResources) protected readonly resources: ConfigurableInMemoryResources;
    @inject(OpenerService) protected readonly openers: OpenerService;
    @inject(ApplicationShell) protected readonly shell: ApplicationShell;
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(KeybindingRegistry) protected readonly keybindings: KeybindingRegistry;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(MonacoTextModelService) protected readonly models: MonacoTextModelService;
    @inject(FileService) protected readonly fileService: FileService;

    readonly reviews = new ChangeReviews(monacoHunks);
    readonly onDidChange = this.reviews.onDidChange;
    protected readonly baselines = new Map<string, ConfigurableMutableReferenceResource>();
    protected readonly editors = new Map<Widget, HunkReviewEditor>();
    protected readonly onDidChangeEditorsEmitter = new Emitter<void>();
    /** A review diff opened or closed (the review diff's toolbar items show on review diffs only). */
    readonly onDidChangeEditors = this.onDidChangeEditorsEmitter.event;
    protected _walk: ReviewWalk | undefined;

    @postConstruct()
    protected init(): void {
        this.chatService.onSessionEvent(event => {
            if (isSessionDeletedEvent(event)) {
                this.reviews.deleteChat(event.sessionId);
                if (this.walk?.chatSessionId === event.sessionId) {
                    this.walk = undefined;
                }
            }
        });
    }

    /** The agent wrote a file of the chat's change set (`before`: its text before the agent's first write in this chat). */
    agentWrote(chatSessionId: string, uri: URI, before: string, after: string, by?: { agentId?: string; requestId?: string; restored?: boolean }): FileReview {
        return this.reviews.agentWrote(chatSessionId, uri.toString(), before, after, by);
    }

    /** The file's review to store with the chat: its kept hunks and the hunks undone since the last prompt. */
    stored(chatSessionId: string, uri: URI): ReviewState | undefined {
        const review = this.reviews.get(chatSessionId, uri.toString());
        return review && this.reviews.snapshot(review);
    }

    /**
     * A file's review as stored with the chat (a reload, a restart): its decisions come back, and its hunks are
     * counted against the file as it is now, which may not be as the agent left it.
     */
    restored(chatSessionId: string, uri: URI, state: ReviewState): void {
        const review = this.reviews.get(chatSessionId, uri.toString());
        if (!review) {
            return;
        }
        this.reviews.restore(review, state);
        this.baselines.get(baselineUri(review).toString())?.update({ contents: review.baseline });
        void this.syncWithFile(review);
    }

    /** Counts the review's hunks against the file now: its editor's text, else the disk (a file gone counts as empty). */
    async syncWithFile(review: FileReview): Promise<FileReview> {
        const uri = new URI(review.uri);
        const text = this.models.get(review.uri)?.getText()
            ?? await this.fileService.read(uri).then(content => content.value, () => '');
        return this.reviews.update(review, text);
    }

    /** Review All in progress (review-all.ts): Next past a file's last hunk follows it, the status line counts it. */
    get walk(): ReviewWalk | undefined {
        return this._walk;
    }

    set walk(walk: ReviewWalk | undefined) {
        this._walk = walk;
        this.editors.forEach(editor => editor.renderStatus());
    }

    /** Review All's line for the review of a file it walks: "file 2 of 5 · …". */
    walkStatus(review: FileReview): string | undefined {
        const walk = this.walk;
        if (!walk?.includes(review.chatSessionId, review.uri)) {
            return undefined;
        }
        return walk.status(review.uri, uri => this.reviews.get(walk.chatSessionId, uri)?.waiting ?? 0);
    }

    /** The keys as this platform writes them (Ctrl+Alt+Y, ⌘⌥Y). */
    get keys(): HunkReviewHost['keys'] {
        const label = (keybinding: string) => this.keybindings.acceleratorFor({ keybinding, command: '' }, '+').join(' ');
        return { keep: label(HUNK_REVIEW_KEYS.keep), undo: label(HUNK_REVIEW_KEYS.undo), next: label(HUNK_REVIEW_KEYS.next), previous: label(HUNK_REVIEW_KEYS.previous) };
    }

    waiting(chatSessionId: string, uri: URI): number | undefined {
        return this.reviews.get(chatSessionId, uri.toString())?.waiting;
    }

    /** A whole-file Revert put the original back: the review starts again from there. */
    reverted(chatSessionId: string, uri: URI): void {
        const review = this.reviews.get(chatSessionId, uri.toString());
        if (review) {
            this.reviews.reverted(review);
            this.baselines.get(baselineUri(review).toString())?.update({ contents: review.baseline });
        }
    }

    /** Opens (or reveals) the review diff of one file: its baseline against the file itself. */
    async open(chatSessionId: string, uri: URI): Promise<HunkReviewEditor | undefined> {
        const review = this.reviews.get(chatSessionId, uri.toString());
        if (!review) {
            return undefined;
        }
        const left = baselineUri(review);
        const baseline = this.baselines.get(left.toString());
        if (baseline) {
            baseline.update({ contents: review.baseline });
        } else {
            this.baselines.set(left.toString(), this.resources.add(left, { contents: review.baseline, readOnly: true, autosaveable: false }));
        }
        const widget = await open(this.openers, DiffUris.encode(left, uri, `${uri.path.base} (review of the agent's changes)`));
        if (!(widget instanceof EditorWidget)) {
            return undefined;
        }
        let editor = this.editors.get(widget);
        if (!editor) {
            const created = editor = new HunkReviewEditor(widget, review, this);
            this.editors.set(widget, created);
            this.onDidChangeEditorsEmitter.fire();
            widget.disposed.connect(() => {
                this.editors.delete(widget);
                created.dispose();
                this.onDidChangeEditorsEmitter.fire();
            });
        }
        return editor;
    }

    /**
     * Hunk after hunk through the whole chat: the review of the chat's next (or previous) file with hunks
     * waiting, its cursor on its first (or last) hunk; undefined when no other file waits.
     */
    async openNextFile(review: FileReview, direction: 1 | -1): Promise<HunkReviewEditor | undefined> {
        const walk = this.walk;
        if (walk?.includes(review.chatSessionId, review.uri)) {
            const uri = walk.nextFile(review.uri, direction, each => this.reviews.get(walk.chatSessionId, each)?.waiting ?? 0);
            const editor = uri === undefined || uri === review.uri ? undefined : await this.open(walk.chatSessionId, new URI(uri));
            editor?.revealFirst(direction);
            return editor;
        }
        const files = this.reviews.waitingFiles(review.chatSessionId);
        const at = files.indexOf(review);
        // From the file after this one round to this one (the other way for Previous); a file with nothing waiting is not listed.
        const around = at < 0 ? files : [...files.slice(at + 1), ...files.slice(0, at + 1)];
        const ordered = direction === 1 ? around : at < 0 ? [...files].reverse() : [...around.slice(0, -1)].reverse();
        const next = ordered.find(file => file !== review);
        const editor = next && await this.open(next.chatSessionId, new URI(next.uri));
        editor?.revealFirst(direction);
        return editor;
    }

    /** The review diff in front, for the commands. */
    current(): HunkReviewEditor | undefined {
        const widget = this.shell.currentWidget;
        return widget ? this.editors.get(widget) : undefined;
    }

    /** The review diff that `widget` is, if it is one (the toolbar's items show on those only). */
    editorOf(widget: Widget | undefined): HunkReviewEditor | undefined {
        return widget ? this.editors.get(widget) : undefined;
    }

    kept(review: FileReview, baseline: string): void {
        this.baselines.get(baselineUri(review).toString())?.update({ contents: baseline });
    }

    undoing(review: FileReview, hunk: LineChange, reason?: string): void {
        this.reviews.undoing(review, hunk, new URI(review.uri).path.fsPath(), reason);
    }

    askReason(): Promise<string | undefined> {
        return this.quickInput.input({
            prompt: 'Why do you undo this change? The agent gets it with your next prompt.',
            placeHolder: 'e.g. keep the old name, callers depend on it',
            validateInput: async value => value.trim() ? undefined : 'Type a reason, or press Esc and use Undo without one.'
        }).then(reason => reason?.trim() || undefined);
    }

    /** Keeps what is left of the review in front. */
    keepAll(editor: HunkReviewEditor): void {
        this.kept(editor.review, this.reviews.keepAll(editor.review));
    }
}

function baselineUri(review: FileReview): URI {
    return new URI(review.uri).withScheme(REVIEW_BASELINE_SCHEME).withQuery(encodeURIComponent(review.chatSessionId));
}
