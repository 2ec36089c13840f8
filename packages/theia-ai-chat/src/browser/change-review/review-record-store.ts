import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
import { EnvVariablesServer } from '@theia/core/lib/common/env-variables';
import URI from '@theia/core/lib/common/uri';
import { Emitter } from '@theia/core/lib/common/event';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { ChatAgentService } from '@theia/ai-chat/lib/common/chat-agent-service';
import { ChangeReviewService } from './change-review-service';
import { ReviewRecord, addToRecord, parseRecord } from './review-record';

/**
 * The per-agent record of the user's review decisions, in the user's config folder
 * (`ai-cli-companion/chat-review-record.json`): it outlives the window and the app. Decisions are added to what
 * the file holds when written (a read, the sum, a write, one at a time), so two windows do not lose each other's.
 */
@injectable()
export class ReviewRecordStore {
    @inject(ChangeReviewService) protected readonly service: ChangeReviewService;
    @inject(FileService) protected readonly files: FileService;
    @inject(EnvVariablesServer) protected readonly env: EnvVariablesServer;
    @inject(ChatAgentService) protected readonly agents: ChatAgentService;

    protected readonly onDidChangeEmitter = new Emitter<void>();
    /** The record was written (or read): `current` may say more. */
    readonly onDidChange = this.onDidChangeEmitter.event;
    protected pending: ReviewRecord = {};
    /** The record on disk as last read or written by this window. */
    protected known: ReviewRecord = {};
    protected writing = Promise.resolve();
    protected timer: ReturnType<typeof setTimeout> | undefined;

    @postConstruct()
    protected init(): void {
        this.service.reviews.onDidDecide(({ review, kept, undone }) => {
            const agentId = review.agentId ?? 'unknown';
            const name = this.agents.getAllAgents().find(agent => agent.id === agentId)?.name ?? agentId;
            this.pending = addToRecord(this.pending, { [agentId]: { name, kept, undone } }, false);
            clearTimeout(this.timer);
            this.timer = setTimeout(() => void this.flush(), 300);
        });
        window.addEventListener('beforeunload', () => void this.flush());
        this.readFile().then(() => this.onDidChangeEmitter.fire(), () => undefined);
    }

    /** The record as this window knows it, without waiting: what it read or wrote last and its own decisions since. */
    get current(): ReviewRecord {
        return addToRecord(this.known, this.pending);
    }

    /** The record on disk with the decisions not written yet. */
    async read(): Promise<ReviewRecord> {
        await this.flush();
        return this.readFile();
    }

    /** Adds the decisions taken since the last write to the file. */
    flush(): Promise<void> {
        clearTimeout(this.timer);
        const delta = this.pending;
        this.pending = {};
        if (Object.keys(delta).length === 0) {
            return this.writing;
        }
        // `current` goes on counting the decisions while they are written.
        this.known = addToRecord(this.known, delta);
        this.writing = this.writing.then(async () => {
            const sum = addToRecord(await this.readFile(), delta);
            await this.files.write(await this.location(), JSON.stringify(sum, undefined, 2));
            this.known = sum;
            this.onDidChangeEmitter.fire();
        }).catch(error => console.warn('The agent review record was not written:', error));
        return this.writing;
    }

    protected async readFile(): Promise<ReviewRecord> {
        const location = await this.location();
        if (!await this.files.exists(location)) {
            return {};
        }
        return this.known = parseRecord((await this.files.read(location)).value);
    }

    protected async location(): Promise<URI> {
        return new URI(await this.env.getConfigDirUri()).resolve('ai-cli-companion').resolve('chat-review-record.json');
    }
}
