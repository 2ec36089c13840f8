import type * as vscode from 'vscode';
import { CodexIpcSockets, CompanionEndpoint } from '@ai-cli-companion/core/node';
import type { CompanionOutput } from './companion-output';

/**
 * Codex CLI's `/ide` for this window: the core's Codex sockets (the codex home path Codex 0.171 tries first,
 * and the TMPDIR one), answering for this window's folders.
 * Each window's extension host is its own app there: the first owns the socket, the others join it
 * (and Codex's own VS Code extension, if it runs, owns or joins it the same way).
 */
export function startCodexSocket(endpoint: CompanionEndpoint, log: CompanionOutput): vscode.Disposable {
    const service = new CodexIpcSockets({ logger: log });
    service.addWindow(endpoint.codexWindow());
    const removeOnExit = () => service.removeSocketSync();
    process.on('exit', removeOnExit);
    void service.start().catch(error => log.warn(`Codex IDE socket not started: ${(error as Error).message}`));
    return {
        dispose: () => {
            process.off('exit', removeOnExit);
            void service.stop();
        }
    };
}
