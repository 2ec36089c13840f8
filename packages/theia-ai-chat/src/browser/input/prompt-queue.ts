import { inject, injectable } from '@theia/core/shared/inversify';
import { Emitter, Event } from '@theia/core/lib/common/event';
import { Disposable } from '@theia/core/lib/common/disposable';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { ChatRequest, ChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';

/** A message waiting for the chat's running turn to end. */
export interface QueuedPrompt {
    readonly id: number;
    readonly request: ChatRequest;
}

/**
 * The messages typed while an agent's turn runs (issue 31 part 3), by chat session. Theia's chat would send
 * each at once and cancel the running turn; here they wait under the input and go one by one, each when the turn
 * before it ends as the agent finished it. A turn that waits for the user (a permission question, a form) has not
 * ended, so a question stops the queue until answered. A turn that was stopped or failed leaves the queue waiting
 * for the user: Send now, Edit or Remove.
 */
@injectable()
export class AcpPromptQueue {
    @inject(ChatService) protected readonly chatService: ChatService;

    protected readonly queues = new Map<string, QueuedPrompt[]>();
    /** The turn each chat's queue waits for. */
    protected readonly watching = new Map<string, Disposable>();
    protected nextId = 1;
    protected readonly onDidChangeEmitter = new Emitter<string>();
    /** Fires with the chat session whose queue changed. */
    readonly onDidChange: Event<string> = this.onDidChangeEmitter.event;

    list(chatSessionId: string): readonly QueuedPrompt[] {
        return this.queues.get(chatSessionId) ?? [];
    }

    /** The chat's turn that has not ended, if one runs. */
    runningTurn(chatSessionId: string): ChatRequestModel | undefined {
        const last = this.chatService.getSession(chatSessionId)?.model.getRequests().at(-1);
        return last && !last.response.isComplete ? last : undefined;
    }

    /** Queues `request` after the running turn (or `first`, before the other queued ones); sent at once when none runs. */
    add(chatSessionId: string, request: ChatRequest, first = false): QueuedPrompt {
        const queued = { id: this.nextId++, request };
        const queue = [...this.list(chatSessionId)];
        if (first) {
            queue.unshift(queued);
        } else {
            queue.push(queued);
        }
        this.queues.set(chatSessionId, queue);
        this.onDidChangeEmitter.fire(chatSessionId);
        this.watch(chatSessionId);
        return queued;
    }

    /** Takes a queued message out (to edit it, to drop it, or to send it now); undefined when it left already. */
    take(chatSessionId: string, id: number): QueuedPrompt | undefined {
        const queue = this.list(chatSessionId);
        const taken = queue.find(queued => queued.id === id);
        if (taken) {
            this.queues.set(chatSessionId, queue.filter(queued => queued !== taken));
            this.onDidChangeEmitter.fire(chatSessionId);
        }
        return taken;
    }

    /** Replaces a queued message's request (several rejection reasons of one turn become one message). */
    replace(chatSessionId: string, id: number, request: ChatRequest): boolean {
        const queue = this.list(chatSessionId);
        if (!queue.some(queued => queued.id === id)) {
            return false;
        }
        this.queues.set(chatSessionId, queue.map(queued => queued.id === id ? { id, request } : queued));
        this.onDidChangeEmitter.fire(chatSessionId);
        return true;
    }

    /** Sends a queued message now: Theia's chat service stops the running turn first. */
    async sendNow(chatSessionId: string, id: number): Promise<void> {
        const queued = this.take(chatSessionId, id);
        if (queued) {
            await this.send(chatSessionId, queued);
        }
    }

    forgetChat(chatSessionId: string): void {
        this.watching.get(chatSessionId)?.dispose();
        this.watching.delete(chatSessionId);
        if (this.queues.delete(chatSessionId)) {
            this.onDidChangeEmitter.fire(chatSessionId);
        }
    }

    /** Waits for the running turn to end, then sends the first queued message (or none, if the turn was stopped or failed). */
    protected watch(chatSessionId: string): void {
        if (this.watching.has(chatSessionId) || this.list(chatSessionId).length === 0) {
            return;
        }
        const turn = this.runningTurn(chatSessionId);
        if (!turn) {
            void this.sendNow(chatSessionId, this.list(chatSessionId)[0].id);
            return;
        }
        const listener = turn.response.onDidChange(() => {
            if (!turn.response.isComplete) {
                return;
            }
            this.stopWatching(chatSessionId, listener);
            if (!turn.response.isCanceled && !turn.response.isError) {
                this.watch(chatSessionId);
            }
        });
        this.watching.set(chatSessionId, listener);
    }

    protected stopWatching(chatSessionId: string, watcher: Disposable): void {
        watcher.dispose();
        if (this.watching.get(chatSessionId) === watcher) {
            this.watching.delete(chatSessionId);
        }
    }

    protected async send(chatSessionId: string, queued: QueuedPrompt): Promise<void> {
        // Nothing else leaves until this request is the chat's running turn; the turn it replaces no longer counts.
        const sending = Disposable.create(() => undefined);
        const before = this.watching.get(chatSessionId);
        if (before) {
            this.stopWatching(chatSessionId, before);
        }
        this.watching.set(chatSessionId, sending);
        try {
            const sent = await this.chatService.sendRequest(chatSessionId, queued.request);
            // Theia's chat input listens to a response only once it has drawn it: an agent that answers at once
            // completes it first, and the input kept its Stop button. The input draws again on this event.
            void sent?.responseCompleted.then(() => this.onDidChangeEmitter.fire(chatSessionId), () => undefined);
            await sent?.requestCompleted;
        } catch (error) {
            console.warn('Could not send the queued message', error);
        } finally {
            this.stopWatching(chatSessionId, sending);
            this.watch(chatSessionId); // the next queued one waits for this turn
        }
    }
}
