/*
 * No Node imports: adapters import these types into browser bundles too.
 */
import type { FileDiagnostics } from './claude-ide-wire';

/** A proposed edit a CLI asked the user to review, waiting for a decision. */
export interface PendingDiff {
    readonly id: string;
    readonly sessionId: string;
    /** The client profile that opened the session ("gemini", "qwen", …). */
    readonly clientId: string;
    /** What users call that CLI ("Gemini CLI"). */
    readonly clientName: string;
    /** Verbatim, exactly as the CLI sent it: the CLI matches the decision on this string. */
    readonly filePath: string;
    /** The same file below the workspace root as the editor knows it. */
    readonly editorPath: string;
    /** Workspace-relative, for titles ("src/index.ts ↔ proposed by Gemini CLI"). */
    readonly relativePath: string;
    readonly newContent: string;
    readonly createdAt: number;
}

/** `via: 'tab'`: rejected by closing the review's tab, not by its ✗ (Copilot CLI hears which). */
export type DiffOutcome = { readonly accepted: true; readonly content: string } | { readonly accepted: false; readonly via?: 'tab' };

/** `note`: the CLI got the decision but will not do all of it (Copilot CLI drops edits made in the diff); the user is told. */
export type DiffDelivery = { readonly delivered: true; readonly note?: string } | { readonly delivered: false; readonly reason: string };

/** The review UI of one editor adapter's window. */
export interface DiffView {
    /** Opens the review; resolves once it is visible. The decision comes later through `resolveDiff`. */
    show(diff: PendingDiff): Promise<void>;
    /** Closes the review without a decision; returns the proposal as the user edited it, if it was open. */
    close(diffId: string): Promise<string | undefined>;
    /** The window's problems (markers), for one file: URL or all files; absent if the adapter has none. */
    diagnostics?(uri: string | undefined): Promise<FileDiagnostics[]>;
}

/** The pending diffs of one companion server: one per session and path, oldest first. */
export class DiffRegistry {
    private readonly diffs = new Map<string, PendingDiff>();
    private nextId = 1;

    add(diff: Omit<PendingDiff, 'id' | 'createdAt'>): PendingDiff {
        const added: PendingDiff = { ...diff, id: `${Date.now().toString(36)}-${this.nextId++}`, createdAt: Date.now() };
        this.diffs.set(added.id, added);
        return added;
    }

    get(id: string): PendingDiff | undefined {
        return this.diffs.get(id);
    }

    /** Only the caller's own diff: a session never reaches another session's proposal. */
    find(sessionId: string, filePath: string): PendingDiff | undefined {
        return this.all().find(diff => diff.sessionId === sessionId && diff.filePath === filePath);
    }

    remove(id: string): PendingDiff | undefined {
        const diff = this.diffs.get(id);
        this.diffs.delete(id);
        return diff;
    }

    removeSession(sessionId: string): PendingDiff[] {
        const removed = this.all().filter(diff => diff.sessionId === sessionId);
        removed.forEach(diff => this.diffs.delete(diff.id));
        return removed;
    }

    removeAll(): PendingDiff[] {
        const removed = this.all();
        this.diffs.clear();
        return removed;
    }

    all(): PendingDiff[] {
        return [...this.diffs.values()];
    }
}
