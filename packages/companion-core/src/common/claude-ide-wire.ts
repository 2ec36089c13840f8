/*
 * No Node imports: the wire shapes of Claude Code's IDE protocol (2.1.330, measured; see
 * shared/protocol/claude-code.md), shared by the server and the editor adapters.
 */

/** The close reason 2.1.330 recognises: it stops redialing and offers `/ide` to switch back. */
export const CLAUDE_SUPERSEDED_CLOSE = { code: 4001, reason: 'Another Claude Code session connected to this IDE' } as const;

/** The WebSocket subprotocol the CLI offers and needs echoed. */
export const CLAUDE_SUBPROTOCOL = 'mcp';

/** The header that carries the lock file's `authToken`. */
export const CLAUDE_AUTH_HEADER = 'x-claude-code-ide-authorization';

/** First text block of an openDiff answer. `TAB_CLOSED` is never sent: the CLI takes it as accept. */
export const ClaudeDiffAnswer = { saved: 'FILE_SAVED', rejected: 'DIFF_REJECTED' } as const;

export interface ClaudePosition {
    readonly line: number;
    readonly character: number;
}

export interface ClaudeRange {
    readonly start: ClaudePosition;
    readonly end: ClaudePosition;
}

/** `selection_changed` params; without start/end the CLI ignores it. Empty text means "file opened". */
export interface ClaudeSelectionChanged {
    readonly text: string;
    readonly filePath: string;
    readonly fileUrl: string;
    readonly selection: ClaudeRange & { readonly isEmpty: boolean };
}

/** `at_mentioned` params: 0-based lines; the CLI types `@file#L<start+1>-<end+1>` into its input. */
export interface ClaudeAtMentioned {
    readonly filePath: string;
    readonly lineStart: number;
    readonly lineEnd: number;
}

export type DiagnosticSeverityName = 'Error' | 'Warning' | 'Info' | 'Hint';

/** One problem as the editor shows it, 0-based. */
export interface FileDiagnostic {
    readonly message: string;
    readonly severity: DiagnosticSeverityName;
    readonly source?: string;
    readonly code?: string;
    readonly range: ClaudeRange;
}

/** The getDiagnostics answer, one entry per file (`uri` is a file: URL). */
export interface FileDiagnostics {
    readonly uri: string;
    readonly diagnostics: readonly FileDiagnostic[];
}

/** A file: URL of an absolute path, as the CLI writes them (`file:///abs`, percent-encoded). */
export function fileUrlOf(absolutePath: string): string {
    const slashed = absolutePath.replace(/\\/g, '/');
    const withRoot = slashed.startsWith('/') ? slashed : `/${slashed}`;
    return `file://${withRoot.split('/').map(encodeURIComponent).join('/')}`;
}

/** The absolute path of a file: URL, or undefined for anything else. */
export function pathOfFileUrl(url: string): string | undefined {
    if (!url.startsWith('file://')) {
        return undefined;
    }
    try {
        const decoded = decodeURIComponent(url.slice('file://'.length));
        return /^\/[A-Za-z]:\//.test(decoded) ? decoded.slice(1) : decoded;
    } catch {
        return undefined;
    }
}
