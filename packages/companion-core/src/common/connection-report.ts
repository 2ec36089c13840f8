import { CheckStatus, ConnectionDiagnosis } from './connection-diagnosis';

const MARK: Record<CheckStatus, string> = { ok: '✔ OK', warning: '⚠ WARNING', error: '✖ ERROR', info: 'ℹ INFO' };

/** Counts of problems, for the summary line and the notification. */
export function problemCount(diagnosis: ConnectionDiagnosis): { errors: number; warnings: number } {
    const checks = diagnosis.sections.flatMap(section => section.checks);
    return { errors: checks.filter(c => c.status === 'error').length, warnings: checks.filter(c => c.status === 'warning').length };
}

/** The report as Markdown: readable in an editor tab, pasteable into a bug report as it is. */
export function renderConnectionReport(diagnosis: ConnectionDiagnosis, about: { application: string; extensionVersion?: string }): string {
    const { errors, warnings } = problemCount(diagnosis);
    const lines = [
        '# AI CLI companion: connection diagnosis',
        '',
        `${diagnosis.createdAt} · ${about.application}${about.extensionVersion ? ` · companion ${about.extensionVersion}` : ''}`,
        '',
        errors + warnings === 0 ? 'Everything the CLIs depend on checks out.' : `${errors} error(s), ${warnings} warning(s): each comes with a fix below.`
    ];
    for (const section of diagnosis.sections) {
        lines.push('', `## ${section.title}`, '');
        for (const check of section.checks) {
            lines.push(`- ${MARK[check.status]}: ${check.title}`);
            for (const detail of check.details ?? []) {
                lines.push(`  - ${detail}`);
            }
            if (check.fix && check.status !== 'ok') {
                lines.push(`  - **Fix:** ${check.fix}`);
            }
        }
    }
    return lines.join('\n') + '\n';
}
