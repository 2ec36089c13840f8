import { CONTEXT_LIMITS, IdeContext, OpenFile } from './wire-schemas';

/**
 * Applies the limits and invariants the CLIs apply on their side (most recent first, at most ten
 * files, only the newest may be active and carry cursor and selection), and sets the trust flag.
 */
export function normalizeContext(context: IdeContext, trusted: boolean | undefined): IdeContext {
    const files = [...(context.workspaceState?.openFiles ?? [])]
        .sort((a, b) => b.timestamp - a.timestamp)
        .slice(0, CONTEXT_LIMITS.maxOpenFiles)
        .map((file, index) => index === 0 && file.isActive ? limitSelection(file) : inactive(file));
    const workspaceState: NonNullable<IdeContext['workspaceState']> = { openFiles: files };
    const isTrusted = trusted ?? context.workspaceState?.isTrusted;
    return { workspaceState: isTrusted === undefined ? workspaceState : { ...workspaceState, isTrusted } };
}

function inactive(file: OpenFile): OpenFile {
    return { path: file.path, timestamp: file.timestamp };
}

function limitSelection(file: OpenFile): OpenFile {
    const selectedText = file.selectedText?.slice(0, CONTEXT_LIMITS.maxSelectedTextLength);
    const { selection: _claudeOnly, ...wire } = file;
    return selectedText ? { ...wire, selectedText } : { path: file.path, timestamp: file.timestamp, isActive: true, cursor: file.cursor };
}
