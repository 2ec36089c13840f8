import { inject, injectable, optional } from '@theia/core/shared/inversify';
import { URI } from '@theia/core';
import { MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { ParsedChatRequestVariablePart } from '@theia/ai-chat/lib/common/parsed-chat-request';
import { AcpContentBlock, AcpSessionInfo } from '../../common/acp-chat-protocol';
import { AcpPromptNote } from './prompt-note';

/**
 * The chat request as ACP prompt blocks: the text without the `@agent` address, then each
 * attached file (`#file`, dropped files) as a resource link, or as an embedded resource with the
 * resolved text when the agent accepts `embeddedContext`; then the note of the hunks the user undid in
 * the review since the last prompt, as a text block (the input showed it as a "Review note" chip).
 */
@injectable()
export class AcpPromptBuilder {
    @inject(AcpPromptNote) @optional() protected readonly promptNote: AcpPromptNote | undefined;

    async blocks(request: MutableChatRequestModel, agentId: string, capabilities: AcpSessionInfo['promptCapabilities'],
        roots: readonly string[]): Promise<AcpContentBlock[]> {
        const blocks: AcpContentBlock[] = [{ type: 'text', text: promptText(request.request.text, agentId) }];
        for (const file of attachedFiles(request)) {
            const path = absolutePath(file.arg, roots);
            const uri = URI.fromFilePath(path);
            // Not percent-encoded: gemini 0.61 takes the URI's path verbatim (chat-route.ts).
            const fileUri = `file://${path}`;
            if (capabilities.embeddedContext && typeof file.contextValue === 'string' && file.contextValue) {
                blocks.push({ type: 'resource', resource: { uri: fileUri, text: file.contextValue } });
            } else {
                blocks.push({ type: 'resource_link', uri: fileUri, name: uri.path.base });
            }
        }
        const { promptNote } = this;
        const note = promptNote && request.context.variables.find(variable => variable.variable.id === promptNote.variableId);
        if (promptNote && note) {
            blocks.push({ type: 'text', text: note.contextValue });
            promptNote.sent(request.session.id);
        }
        return blocks;
    }
}

/** The typed text as the agent gets it: without the `@agent` address. */
export function promptText(text: string, agentId: string): string {
    return text.replace(new RegExp(`(^|\\s)@${agentId}\\b`), ' ').trim();
}

/** The `#file` variables of the request: its context (chips, dropped files) and those typed in its text, once each. */
function attachedFiles(request: MutableChatRequestModel): Array<{ arg: string; contextValue?: unknown }> {
    const files = new Map<string, { arg: string; contextValue?: unknown }>();
    for (const variable of request.context.variables) {
        if (variable.variable.name === 'file' && variable.arg) {
            files.set(variable.arg, { arg: variable.arg, contextValue: variable.contextValue });
        }
    }
    for (const part of request.message.parts) {
        if (part instanceof ParsedChatRequestVariablePart && part.variableName === 'file' && part.variableArg && !files.has(part.variableArg)) {
            const resolution = part.resolution as { contextValue?: unknown } | undefined;
            files.set(part.variableArg, { arg: part.variableArg, contextValue: resolution?.contextValue });
        }
    }
    return [...files.values()];
}

/** `#file` arguments are workspace-relative (prefixed with the root's name in a multi-root workspace). */
export function absolutePath(arg: string, roots: readonly string[]): string {
    if (arg.startsWith('file:')) {
        return new URI(arg).path.fsPath();
    }
    if (arg.startsWith('/') || roots.length === 0) {
        return arg;
    }
    const [first, ...rest] = arg.split('/');
    const named = roots.length > 1 ? roots.find(root => root.split('/').pop() === first) : undefined;
    return named ? [named, ...rest].join('/') : `${roots[0]}/${arg}`;
}
