import { CodexWindow, findCodexWindow, toCodexIdeContext } from './codex-ide-context';
import { CodexAnswer, CodexMethods, CodexRequest } from './codex-ipc-messages';
import type { CodexRequestHandler } from './codex-ipc-router';

/** The version of `ide-context` whose shape we answer (what Codex 0.129–0.169 send). */
const IDE_CONTEXT_VERSION = 0;

/**
 * Answers Codex's `ide-context` for this app's windows: the window whose folders hold the CLI's
 * folder, and only that one. Anything else is not ours (the router asks the other clients, and
 * answers `no-client-found` when nobody has the folder).
 */
export class CodexIdeHandler implements CodexRequestHandler {
    private readonly windows = new Set<CodexWindow>();

    constructor(private readonly onAnswered?: (window: CodexWindow, sourceClientId: string | undefined) => void) { }

    addWindow(window: CodexWindow): () => void {
        this.windows.add(window);
        return () => this.windows.delete(window);
    }

    answer(request: CodexRequest, sourceClientId: string | undefined): CodexAnswer | undefined {
        if (request.method !== CodexMethods.ideContext || (request.version ?? IDE_CONTEXT_VERSION) !== IDE_CONTEXT_VERSION) {
            return undefined;
        }
        const workspaceRoot = (request.params as { workspaceRoot?: unknown } | undefined)?.workspaceRoot;
        if (typeof workspaceRoot !== 'string') {
            return undefined;
        }
        const match = findCodexWindow(workspaceRoot, this.windows);
        if (!match) {
            return undefined;
        }
        this.onAnswered?.(match.window, sourceClientId);
        match.window.asked?.(workspaceRoot);
        return { result: { ideContext: toCodexIdeContext(match.window.context(), match.root, match.window.roots()) } };
    }
}
