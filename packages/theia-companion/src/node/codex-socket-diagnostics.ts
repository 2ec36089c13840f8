import { CodexIpcStatus, codexSocketPath } from '@ai-cli-companion/core/node';
import type { DiagnosisCheck, DiagnosisSection } from '../common/connection-diagnostics-protocol';

export interface CodexSocketFacts {
    /** The backend's Codex socket; undefined before it started. */
    readonly status: CodexIpcStatus | undefined;
    /** Where `codex` was found, if it was. */
    readonly codexPath?: string;
    /** The active terminal's environment, when it can be read: its TMPDIR says where codex there looks. */
    readonly terminalEnv?: NodeJS.ProcessEnv;
    readonly terminalTitle?: string;
}

/** Diagnose Connection's Codex CLI section: the socket's role, why it is off, and where a terminal's codex looks. */
export function codexSocketSection({ status, codexPath, terminalEnv, terminalTitle }: CodexSocketFacts): DiagnosisSection {
    const checks: DiagnosisCheck[] = [];
    if (!status) {
        checks.push({ status: 'warning', title: 'Codex\'s IDE socket has not started', fix: 'See the "AI CLI Companion" output and the backend log.' });
    } else if (status.role === 'owner') {
        checks.push({ status: 'ok', title: `Codex's IDE socket is served by this app: ${status.socketPath}`,
            details: [`clients connected now: ${status.clientTypes.length ? status.clientTypes.join(', ') : 'none (codex connects only while it asks)'}`] });
    } else if (status.role === 'member') {
        checks.push({ status: 'ok', title: `Codex's IDE socket ${status.socketPath} is served by another app; this app answers for its folders through it`,
            details: ['The owner is Codex\'s desktop app or VS Code extension, a VS Code window with the .vsix, or another Theia app. When it exits, this app takes the socket over.'] });
    } else {
        checks.push({ status: 'error', title: `Codex's IDE socket is not served: ${status.error ?? 'unknown reason'}`,
            fix: `Remove what is at ${status.socketPath} (or its folder) if it is not a socket of yours, or start Theia with another TMPDIR; then restart Theia.` });
    }
    if (status && terminalEnv) {
        const looksAt = codexSocketPath(terminalEnv);
        checks.push(looksAt === status.socketPath
            ? { status: 'ok', title: `codex in terminal "${terminalTitle ?? ''}" looks for the same socket (TMPDIR ${terminalEnv.TMPDIR || '/tmp'})` }
            : { status: 'warning', title: `codex in terminal "${terminalTitle ?? ''}" looks for ${looksAt}, not ${status.socketPath}`,
                fix: 'Its TMPDIR differs from Theia\'s (a shell startup file sets it?): unset it there, or start Theia with the same TMPDIR.' });
    }
    checks.push(codexPath
        ? { status: 'ok', title: `"codex" at ${codexPath}`, details: ['Type /ide in codex, started inside one of this window\'s folders.'] }
        : { status: 'info', title: '"codex" is not installed (neither the backend\'s PATH nor a login shell has it)', fix: 'npm install -g @openai/codex' });
    return { title: 'Codex CLI', checks };
}
