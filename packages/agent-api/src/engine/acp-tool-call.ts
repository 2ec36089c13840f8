import { ToolCallData } from '../http/api-types';

// What an ACP tool call says, whichever CLI sent it: its name, arguments, command line and result.

/** The parts of ACP's `ToolCall` / `ToolCallUpdate` we read; both CLIs send subsets (see acp.md §3, §4). */
export interface AcpToolCall {
    toolCallId: string;
    status?: string | null;
    title?: string | null;
    kind?: string | null;
    content?: Array<Record<string, unknown>> | null;
    locations?: Array<{ path: string; line?: number | null }> | null;
    rawInput?: unknown;
    rawOutput?: unknown;
    _meta?: Record<string, unknown> | null;
}

export interface AcpPermissionOption { optionId: string; name: string; kind: string }

/** `session/update` payloads; unknown kinds are ignored. */
export type AcpUpdate = { sessionUpdate: string } & Record<string, unknown>;

/** ACP kinds to the CLIs' tool names, for gemini, which sends neither name nor arguments. */
const NAME_BY_KIND: Record<string, string> = {
    edit: 'write_file', read: 'read_file', execute: 'run_shell_command', search: 'search',
    fetch: 'web_fetch', delete: 'delete', move: 'move', think: 'think'
};

export function toolName(update: AcpToolCall): string {
    const metaName = update._meta?.toolName;
    if (typeof metaName === 'string' && metaName) {
        return metaName;
    }
    // gemini's call ids start with the tool name: "write_file__write_file_1795351650788_0".
    const prefix = /^([a-z][a-z0-9_]*?)__/i.exec(update.toolCallId)?.[1];
    if (prefix) {
        return prefix;
    }
    return NAME_BY_KIND[update.kind ?? ''] ?? update.kind ?? 'tool';
}

/** Arguments: `rawInput` when sent (qwen), else rebuilt from the diff, locations and title (gemini). */
export function argsOf(update: AcpToolCall): Record<string, unknown> {
    if (update.rawInput && typeof update.rawInput === 'object' && Object.keys(update.rawInput).length > 0) {
        return update.rawInput as Record<string, unknown>;
    }
    const args: Record<string, unknown> = {};
    const diff = update.content?.find(item => item.type === 'diff');
    if (diff) {
        args.file_path = diff.path;
        args.content = diff.newText;
    } else if (update.locations && update.locations.length > 0) {
        args.file_path = update.locations[0].path;
    }
    if (update.kind === 'execute' && update.title) {
        args.command = update.title;
    }
    return args;
}

export function commandOf(update: AcpToolCall, data: ToolCallData): string {
    if (typeof data.args.command === 'string') {
        return data.args.command;
    }
    const target = data.args.file_path ?? data.args.path ?? data.args.absolute_path;
    return typeof target === 'string' ? `${data.name} ${target}` : update.title ?? data.name;
}

/** Text of a finished call: its text content, else a diff summary, else `rawOutput`. */
export function resultText(update: AcpToolCall): string {
    const parts: string[] = [];
    for (const item of update.content ?? []) {
        if (item.type === 'content') {
            const inner = item.content as { type?: string; text?: string } | undefined;
            if (inner?.type === 'text' && inner.text) {
                parts.push(inner.text);
            }
        } else if (item.type === 'diff') {
            parts.push(`Wrote ${String(item.path)}`);
        }
    }
    if (parts.length > 0) {
        return parts.join('\n');
    }
    if (typeof update.rawOutput === 'string') {
        return update.rawOutput;
    }
    return '';
}
