import type { ClientProfile } from '../common/client-profiles';
import { Clock, systemClock } from '../common/clock';
import { Logger, resolveInWorkspace, silentLogger } from '@ai-cli-companion/node-base';
import { DiffDelivery, DiffOutcome, DiffRegistry, DiffView, PendingDiff } from '../common/diff-registry';

export const NO_WINDOW_ERROR = 'no editor window is open to show it';

/** Upper bound for the editor to show a diff; the CLI itself would wait ten minutes. */
export const OPEN_DIFF_TIMEOUT_MS = 15_000;

/** A CLI's proposal as any transport receives it. */
export interface DiffRequest {
    readonly sessionId: string;
    /** The client profile that opened the session ("gemini", "qwen", …). */
    readonly clientId: string;
    /** Verbatim, exactly as the CLI sent it: the CLI matches its answer on this string. */
    readonly filePath: string;
    readonly newContent: string;
}

/**
 * How the asking client gets its answer, in its own wire form: Gemini/Qwen a notification on the session's
 * stream, a blocking client the reply to its still-open tool call. The broker knows neither.
 */
export interface DiffAnswer {
    /** The user decided (or the proposal was superseded: a rejection). False when nobody was there to get it. */
    deliver(outcome: DiffOutcome): Promise<boolean>;
    /** The proposal ended without a decision: the client closed it, its session ended, or it never showed. */
    withdrawn?(): void;
    /** What the user should know about how the client takes this decision (see DiffDelivery.note). */
    noteFor?(outcome: DiffOutcome): string | undefined;
}

export interface DiffBrokerOptions {
    /** The workspace roots a proposal must fall within, read at each proposal. */
    readonly roots: () => readonly string[];
    readonly profiles: () => readonly ClientProfile[];
    readonly logger?: Logger;
    readonly openDiffTimeoutMs?: number;
    /** The deadline's timer: specs pass a manual one. */
    readonly clock?: Clock;
}

/**
 * The pending proposals of one server, transport- and client-neutral: register one, show it in the attached
 * window, hand the user's decision to whoever asked. One per session and path; a newer one supersedes.
 */
export class DiffBroker {
    private readonly diffs = new DiffRegistry();
    private readonly answers = new Map<string, DiffAnswer>();
    private readonly changeListeners = new Set<() => void>();
    private readonly logger: Logger;
    private view: DiffView | undefined;
    /** Detached, but its window is expected back (a reload): new proposals wait for it instead of failing. */
    private awaitingView = false;

    constructor(private readonly options: DiffBrokerOptions) {
        this.logger = options.logger ?? silentLogger;
    }

    /**
     * Registers the proposal and has the window show it; resolves once it is visible (or queued for a window
     * that is coming back). Outside the workspace, no window, or not shown in time (or the client gave up
     * meanwhile): it is withdrawn and never opens later, where it could only be accepted into the void.
     */
    async propose(request: DiffRequest, answer: DiffAnswer, signal: AbortSignal): Promise<PendingDiff> {
        const resolved = resolveInWorkspace(request.filePath, this.options.roots());
        if ('error' in resolved) {
            throw new Error(resolved.error);
        }
        if (!this.view && !this.awaitingView) {
            throw new Error(NO_WINDOW_ERROR);
        }
        const previous = this.diffs.find(request.sessionId, request.filePath);
        if (previous) {
            // The CLI asks again for the same file: the older proposal is superseded, and answered.
            const previousAnswer = this.take(previous.id);
            void previousAnswer?.deliver({ accepted: false });
            this.closeInView(previous);
        }
        const profile = this.options.profiles().find(p => p.id === request.clientId);
        const diff = this.diffs.add({
            ...request,
            clientName: profile?.displayName ?? request.clientId,
            editorPath: resolved.editorPath,
            relativePath: resolved.relativePath
        });
        this.answers.set(diff.id, answer);
        this.fireChange();
        const view = this.view;
        if (!view) {
            return diff; // shown when the window comes back (attachView)
        }
        try {
            await this.withDeadline(view.show(diff), signal);
        } catch (error) {
            this.withdraw(diff.id);
            throw error;
        }
        return diff;
    }

    /** The user decided. The proposal is done either way; says whether its client got the answer. */
    async resolve(diffId: string, outcome: DiffOutcome): Promise<DiffDelivery> {
        const diff = this.diffs.get(diffId);
        const answer = this.take(diffId);
        if (!diff || !answer) {
            return { delivered: false, reason: 'The CLI no longer waits for this proposal (it closed the diff or ended its session).' };
        }
        const delivered = await answer.deliver(outcome).catch(() => false);
        const note = delivered ? answer.noteFor?.(outcome) : undefined;
        return delivered ? { delivered: true, ...note ? { note } : {} } : { delivered: false, reason: `${diff.clientName} is no longer connected; the proposal was not applied.` };
    }

    /** The client closed its own proposal: no answer; returns the proposal as the user edited it. */
    async close(sessionId: string, filePath: string): Promise<string | undefined> {
        const diff = this.diffs.find(sessionId, filePath);
        if (!diff) {
            return undefined;
        }
        this.take(diff.id)?.withdrawn?.();
        const edited = this.view ? await this.view.close(diff.id) : undefined;
        return edited ?? diff.newContent;
    }

    /** The session ended (or closed all its diffs): its reviews close without a decision. Returns how many. */
    withdrawSession(sessionId: string): number {
        const diffs = this.diffs.all().filter(d => d.sessionId === sessionId);
        diffs.forEach(diff => this.withdraw(diff.id));
        return diffs.length;
    }

    /** Every pending proposal is rejected (its window is gone for good). */
    rejectAll(): void {
        for (const diff of this.diffs.all()) {
            void this.take(diff.id)?.deliver({ accepted: false });
        }
    }

    /** A window shows the proposals from now on, starting with every one still pending (after a reload). */
    attachView(view: DiffView): void {
        this.view = view;
        this.awaitingView = false;
        for (const diff of this.diffs.all()) {
            view.show(diff).catch(error => this.logger.warn(`Cannot reopen the diff of ${diff.filePath}: ${(error as Error).message}`));
        }
    }

    /** With `expectReturn` (a reload) new proposals wait for the window; without, they fail at once. */
    detachView(expectReturn: boolean): void {
        this.view = undefined;
        this.awaitingView = expectReturn;
    }

    pending(): PendingDiff[] {
        return this.diffs.all();
    }

    onDidChange(listener: () => void): () => void {
        this.changeListeners.add(listener);
        return () => this.changeListeners.delete(listener);
    }

    private withdraw(diffId: string): void {
        const diff = this.diffs.get(diffId);
        const answer = this.take(diffId);
        if (diff && answer) {
            answer.withdrawn?.();
            this.closeInView(diff);
        }
    }

    /** Removes the proposal and hands out its answer exactly once: a second decision finds nothing. */
    private take(diffId: string): DiffAnswer | undefined {
        const answer = this.answers.get(diffId);
        if (!this.diffs.remove(diffId)) {
            return undefined;
        }
        this.answers.delete(diffId);
        this.fireChange();
        return answer;
    }

    private closeInView(diff: PendingDiff): void {
        this.view?.close(diff.id).catch(error => this.logger.warn(`Cannot close the diff of ${diff.filePath}: ${(error as Error).message}`));
    }

    private fireChange(): void {
        this.changeListeners.forEach(listener => listener());
    }

    /** Rejects when the deadline passes or the signal aborts, whichever comes first. */
    private withDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
        const ms = this.options.openDiffTimeoutMs ?? OPEN_DIFF_TIMEOUT_MS;
        const clock = this.options.clock ?? systemClock;
        let timer: unknown;
        let onAbort: (() => void) | undefined;
        const stop = new Promise<never>((_, reject) => {
            timer = clock.setTimeout(() => reject(new Error(`the editor did not show it within ${ms / 1000} s`)), ms);
            onAbort = () => reject(new Error('the CLI gave up waiting for it'));
            if (signal.aborted) {
                onAbort();
            }
            signal.addEventListener('abort', onAbort);
        });
        return Promise.race([promise, stop]).finally(() => {
            clock.clearTimeout(timer);
            signal.removeEventListener('abort', onAbort!);
        });
    }
}

/**
 * For a client whose openDiff blocks until the user decides: propose, then wait for the outcome
 * (`undefined` when the proposal was withdrawn without a decision). `delivered` tells the broker whether the
 * caller could still send it (e.g. its request is still open).
 */
export async function proposeAndWait(
    broker: DiffBroker, request: DiffRequest, signal: AbortSignal, delivered: () => boolean = () => !signal.aborted,
    noteFor?: (outcome: DiffOutcome) => string | undefined
): Promise<DiffOutcome | undefined> {
    let settle!: (outcome: DiffOutcome | undefined) => void;
    const decision = new Promise<DiffOutcome | undefined>(resolve => settle = resolve);
    await broker.propose(request, {
        deliver: async outcome => {
            const open = delivered();
            settle(outcome);
            return open;
        },
        withdrawn: () => settle(undefined),
        noteFor
    }, signal);
    const onAbort = () => void broker.close(request.sessionId, request.filePath);
    signal.addEventListener('abort', onAbort, { once: true });
    return decision.finally(() => signal.removeEventListener('abort', onAbort));
}
