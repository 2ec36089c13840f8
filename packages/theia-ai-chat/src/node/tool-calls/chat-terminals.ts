import * as fs from 'fs';
import { injectable } from '@theia/core/shared/inversify';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import type { ClientTerminals, TerminalRequestHandlers } from '@ai-cli-companion/acp-client';
import { resolveInWorkspace } from '@ai-cli-companion/node-base';
import { AcpTerminalOutput } from '../../common/tool-calls/terminal-output';
import { acpEngine, acpSdk } from '../agents/engine';
import { AcpTerminalRelay } from './terminal-relay';

/** One chat session's terminals: where they may run, with what, and where their output goes. */
export interface ChatTerminalScope {
    /** Released together: the (chat session, agent) key. */
    readonly owner: string;
    /** Workspace roots of the window; the first is the session's default cwd. */
    readonly roots: readonly string[];
    /** The agent's configured env, on top of the backend's (what the agent itself started with); credentials are dropped (ClientTerminals). */
    readonly agentEnv?: Readonly<Record<string, string>>;
    readonly push: (output: AcpTerminalOutput) => void;
}

/**
 * The commands agents run through ACP `terminal/create`, for every window (one set, so that stopping
 * the backend kills them all). A window's chat service releases its sessions' terminals when a
 * session closes, its agent dies or the window goes; `onStop` kills whatever is left.
 */
@injectable()
export class AcpChatTerminals implements BackendApplicationContribution {
    private terminals: ClientTerminals | undefined;

    handlersFor(scope: ChatTerminalScope): TerminalRequestHandlers {
        return this.all().handlersFor({
            owner: scope.owner,
            cwd: requested => terminalCwd(requested, scope.roots),
            env: { ...process.env, ...scope.agentEnv },
            watch: terminal => new AcpTerminalRelay(terminal.id, terminal.commandLine, scope.push)
        });
    }

    release(owner: string): number {
        return this.terminals?.releaseOwner(owner) ?? 0;
    }

    get pids(): number[] {
        return this.terminals?.pids ?? [];
    }

    /** Output bytes the terminals of every session keep for their agents (each session's bounded by ClientTerminals). */
    get keptBytes(): number {
        return this.terminals?.keptBytes() ?? 0;
    }

    onStop(): void {
        // Synchronous SIGKILLs: nothing an agent started outlives the backend.
        this.terminals?.releaseAll();
    }

    private all(): ClientTerminals {
        return this.terminals ??= new (acpEngine().ClientTerminals)();
    }
}

/**
 * Where a command may run: inside a workspace root by the rule the file access uses (after `..`
 * and symlinks), an existing folder; the session's root when the agent names none.
 */
export function terminalCwd(requested: string | undefined, roots: readonly string[]): string {
    if (roots.length === 0) {
        throw acpSdk().RequestError.invalidParams(undefined, 'no workspace folder is open: commands run only inside one');
    }
    if (requested === undefined || requested === '') {
        return roots[0];
    }
    const resolved = resolveInWorkspace(requested, roots);
    if ('error' in resolved) {
        throw acpSdk().RequestError.invalidParams({ cwd: requested }, resolved.error);
    }
    if (!fs.statSync(resolved.editorPath, { throwIfNoEntry: false })?.isDirectory()) {
        throw acpSdk().RequestError.invalidParams({ cwd: requested }, `${requested} is not an existing folder`);
    }
    return resolved.editorPath;
}
