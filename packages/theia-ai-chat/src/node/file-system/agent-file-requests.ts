import type { SessionHandlers } from '@ai-cli-companion/acp-client';
import { AcpChatAgentConfig, AcpChatClient } from '../../common/acp-chat-protocol';
import { acpSdk } from '../agents/engine';
import { confineAgentPath, readAgentFile, writeAgentFile } from './workspace-files';

/**
 * A chat session's `fs/read_text_file` and `fs/write_text_file`: confined to the session's roots, reading the
 * window's unsaved text first, and every write reported to the window for its change set.
 */
export function agentFileRequests(
    chatSessionId: string, agent: AcpChatAgentConfig, roots: readonly string[], client: () => AcpChatClient | undefined
): Required<Pick<SessionHandlers, 'readTextFile' | 'writeTextFile'>> {
    return {
        readTextFile: async request => {
            const file = await confineAgentPath(request.path, roots);
            const text = await client()?.readUnsavedText(chatSessionId, file.editorPath) ?? await readAgentFile(file);
            if (text === undefined) {
                if (agent.missingFileReadsEmpty) {
                    return { content: '' };
                }
                throw acpSdk().RequestError.resourceNotFound(request.path);
            }
            return { content: slice(text, request.line, request.limit) };
        },
        writeTextFile: async request => {
            const file = await confineAgentPath(request.path, roots);
            if (!client()) {
                throw new Error('The chat window is gone.');
            }
            // The change set keeps what the agent replaced: the editor's unsaved text, else the disk's.
            const before = await client()!.readUnsavedText(chatSessionId, file.editorPath) ?? await readAgentFile(file);
            await writeAgentFile(file, request.content);
            await client()?.onTextFileWritten(chatSessionId, agent.id, file.editorPath, before, request.content);
            return {};
        }
    };
}

/** ACP's `line` is 1-based; `limit` counts lines. */
function slice(text: string, line?: number | null, limit?: number | null): string {
    if (!line && !limit) {
        return text;
    }
    const lines = text.split('\n');
    const start = Math.max(0, (line ?? 1) - 1);
    return lines.slice(start, limit ? start + limit : undefined).join('\n');
}
