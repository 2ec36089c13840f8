import { inject, injectable, interfaces } from '@theia/core/shared/inversify';
import { ChangeSetElementArgs, ChangeSetFileElement } from '@theia/ai-chat/lib/browser/change-set-file-element';
import { ChangeSetFileElementFactory } from '../../common/theia-patch-hooks/change-set-file-element-factory';
import { ChangeSetFileReviews } from '../../common/theia-patch-hooks/change-set-file-reviews';
import { SerializableChangeSetElement } from '@theia/ai-chat/lib/common/chat-model-serialization';

/** The kind the chat store writes our entries as: restored as ours (change-set-element-restore.ts), not as Theia's own. */
export const ACP_CHANGE_SET_FILE_KIND = 'acp-file';

/** What an entry keeps in its `data`: the agent that wrote, and (stored) the file's review. */
interface AcpChangeSetFileData {
    agentId?: string;
    review?: object;
}

/**
 * A file the agent wrote, as a change-set entry. Revert restores the content from before the agent's
 * first write in this chat: a file it created is deleted, and an empty file comes back empty (Theia's
 * own element skips an empty original, so the agent's text would stay). Open Diff opens the file's
 * hunk review, and the entry says how many of its hunks still wait (the review: the ChangeSetFileReviews hook).
 */
@injectable()
export class AcpChangeSetFileElement extends ChangeSetFileElement {
    @inject(ChangeSetFileReviews) protected readonly reviews: ChangeSetFileReviews;

    /** Theia's @postConstruct method, called by name. */
    override init(): void {
        super.init();
        // Each write of the agent makes a new element: its review goes on from the earlier one's decisions.
        const data = this.data as AcpChangeSetFileData | undefined;
        this.reviews.agentWrote(this.elementProps.chatSessionId, this.uri, this.elementProps.originalState ?? '', this.originalTargetState,
            { agentId: data?.agentId, requestId: this.elementProps.requestId, restored: !!data?.review });
        if (data?.review) {
            // Restored with its chat (a reload, a restart): the decisions taken come back.
            this.reviews.restored(this.elementProps.chatSessionId, this.uri, data.review);
        }
        this.toDispose.push(this.reviews.onDidChange(review => {
            if (review.chatSessionId === this.elementProps.chatSessionId && review.uri === this.uri.toString()) {
                this.onDidChangeEmitter.fire();
            }
        }));
    }

    override get additionalInfo(): string | undefined {
        const waiting = this.reviews.waiting(this.elementProps.chatSessionId, this.uri);
        const info = super.additionalInfo;
        const review = waiting === undefined ? undefined : waiting === 0 ? 'reviewed' : `${waiting} ${waiting === 1 ? 'hunk' : 'hunks'} to review`;
        return [info, review].filter(Boolean).join(' · ') || undefined;
    }

    /** Stored with the chat as ours, with the file's review; Theia keeps the before and after (`originalState`, `targetState`). */
    override toSerializable(): SerializableChangeSetElement {
        const serialized = super.toSerializable();
        return {
            // Not the count of hunks to review: it is counted again when the chat comes back.
            ...serialized, kind: ACP_CHANGE_SET_FILE_KIND, additionalInfo: super.additionalInfo,
            data: { ...serialized.data, review: this.reviews.stored(this.elementProps.chatSessionId, this.uri) ?? {} }
        };
    }

    override async openChange(): Promise<void> {
        await this.ensureInitialized();
        await this.reviews.open(this.elementProps.chatSessionId, this.uri);
    }

    override async revert(): Promise<void> {
        await this.ensureInitialized();
        if (!await this.confirm('Revert')) {
            return;
        }
        this.state = 'pending';
        if (this.type === 'add') {
            await this.changeSetFileService.delete(this.uri);
        } else {
            await this.changeSetFileService.write(this.uri, await this.getOriginalContent() ?? '');
        }
        this.reviews.reverted(this.elementProps.chatSessionId, this.uri);
    }
}

/** As Theia binds its `ChangeSetFileElementFactory`: one child container per element. */
export function bindAcpChangeSetFileElementFactory(bind: interfaces.Bind): void {
    bind<ChangeSetFileElementFactory>(ChangeSetFileElementFactory).toFactory(ctx => (args: ChangeSetElementArgs) => {
        const container = ctx.container.createChild();
        container.bind(ChangeSetElementArgs).toConstantValue(args);
        container.bind(AcpChangeSetFileElement).toSelf().inSingletonScope();
        return container.get(AcpChangeSetFileElement);
    });
}
