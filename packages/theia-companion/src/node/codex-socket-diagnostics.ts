import { CodexIpcStatus, codexSocketPaths } from '@ai-cli-companion/core/node';
import type { DiagnosisCheck, DiagnosisSection } from '../common/connection-diagnostics-protocol';

export interface CodexSocketFacts {
    /** The backend's Codex sockets, one per path in the order Codex tries them; undefined before they started. */
    readonly statuses: readonly CodexIpcStatus[] | undefined;
    /** Where `codex` was found, if it was. */
    readonly codexPath?: string;
    /** The active terminal's environment, when it can be read: its CODEX_HOME, HOME and TMPDIR say where codex there looks. */
    readonly terminalEnv?: NodeJS.ProcessEnv;
    readonly terminalTitle?: string;
}

/** Diagnose Connection's Codex CLI section: each socket's role, why one is off, and where a terminal's codex looks. */
export function codexSocketSection({ statuses, codexPath, terminalEnv, terminalTitle }: CodexSocketFacts): DiagnosisSection {
    const checks: DiagnosisCheck[] = [];
    if (!statuses) {
        checks.push({ status: 'warning', title: 'Codex\'s IDE socket has not started', fix: 'See the "AI CLI Companion" output and the backend log.' });
    }
    checks.push(...(statuses ?? []).map(socketCheck));
    if (statuses && terminalEnv) {
        const served = new Set(statuses.filter(status => status.role !== 'off').map(status => status.socketPath));
        const looksAt = codexSocketPaths(terminalEnv);
        const missed = looksAt.filter(socketPath => !served.has(socketPath));
        checks.push(missed.length === 0
            ? { status: 'ok', title: `codex in terminal "${terminalTitle ?? ''}" looks for the sockets this app serves (${looksAt.join(', ')})` }
            : { status: 'warning', title: `codex in terminal "${terminalTitle ?? ''}" looks for ${missed.join(' and ')}, which this app does not serve`,
                fix: 'Its CODEX_HOME, HOME or TMPDIR differs from Theia\'s (a shell startup file sets it?): unset it there, or start Theia with the same values.' });
    }
    checks.push(codexPath
        ? { status: 'ok', title: `"codex" at ${codexPath}`, details: ['Type /ide in codex, started inside one of this window\'s folders.'] }
        : { status: 'info', title: '"codex" is not installed (neither the backend\'s PATH nor a login shell has it)', fix: 'npm install -g @openai/codex' });
    return { title: 'Codex CLI', checks };
}

function socketCheck(status: CodexIpcStatus): DiagnosisCheck {
    if (status.role === 'owner') {
        return { status: 'ok', title: `Codex's IDE socket is served by this app: ${status.socketPath}`,
            details: [`clients connected now: ${status.clientTypes.length ? status.clientTypes.join(', ') : 'none (codex connects only while it asks)'}`] };
    }
    if (status.role === 'member') {
        return { status: 'ok', title: `Codex's IDE socket ${status.socketPath} is served by another app; this app answers for its folders through it`,
            details: ['The owner is Codex\'s desktop app or VS Code extension, a VS Code window with the .vsix, or another Theia app. When it exits, this app takes the socket over.'] };
    }
    return { status: 'error', title: `Codex's IDE socket is not served: ${status.error ?? 'unknown reason'}`,
        fix: `Remove what is at ${status.socketPath} (or its folder) if it is not a socket of yours, or start Theia with another TMPDIR or CODEX_HOME; then restart Theia.` };
}
