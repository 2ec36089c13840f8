import URI from '@theia/core/lib/common/uri';
import type { Diagnostic } from '@theia/core/shared/vscode-languageserver-protocol';
import type { DiagnosticSeverityName, FileDiagnostics } from '@ai-cli-companion/core';
import type { ProblemManager } from '@theia/markers/lib/browser/problem/problem-manager';

const SEVERITY_NAMES: Record<number, DiagnosticSeverityName> = { 1: 'Error', 2: 'Warning', 3: 'Info', 4: 'Hint' };

/** Theia's problem markers of one file: URL (or every file) in Claude Code's getDiagnostics shape, 0-based. */
export function problemDiagnostics(problems: Pick<ProblemManager, 'findMarkers'>, uri: string | undefined): FileDiagnostics[] {
    const markers = problems.findMarkers(uri ? { uri: new URI(uri) } : {});
    const byFile = new Map<string, FileDiagnostics['diagnostics'][number][]>();
    for (const marker of markers) {
        const file = new URI(marker.uri);
        if (file.scheme !== 'file') {
            continue;
        }
        const key = file.toString();
        const diagnostic: Diagnostic = marker.data;
        const list = byFile.get(key) ?? [];
        list.push({
            message: diagnostic.message,
            severity: SEVERITY_NAMES[diagnostic.severity ?? 1] ?? 'Error',
            ...(diagnostic.source ? { source: diagnostic.source } : {}),
            ...(diagnostic.code !== undefined ? { code: String(diagnostic.code) } : {}),
            range: {
                start: { line: diagnostic.range.start.line, character: diagnostic.range.start.character },
                end: { line: diagnostic.range.end.line, character: diagnostic.range.end.character }
            }
        });
        byFile.set(key, list);
    }
    return [...byFile].map(([file, diagnostics]) => ({ uri: file, diagnostics }));
}
