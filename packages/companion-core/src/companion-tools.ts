import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CloseDiffArgumentsShape, OpenDiffArgumentsShape } from './wire-schemas';

/** One diff request as the editor adapter receives it. */
export interface DiffRequest {
    readonly sessionId: string;
    /** The client profile that opened the session ("gemini", "qwen", …). */
    readonly clientId: string;
    /** Verbatim, exactly as the CLI sent it: the CLI matches notifications on this string. */
    readonly filePath: string;
    readonly newContent: string;
}

/** Implemented by the editor adapter (the Theia frontend); absent while no window is attached. */
export interface DiffHandler {
    /** Opens the diff view and resolves once it is shown; the user's decision comes later. */
    openDiff(request: DiffRequest): Promise<void>;
    /** Closes the diff silently and returns the proposed side's current text. */
    closeDiff(request: { sessionId: string; filePath: string }): Promise<string | undefined>;
    /** The CLI's session ended: close whatever diffs it left open. */
    sessionEnded?(sessionId: string): void;
}

export const NO_WINDOW_ERROR = 'Cannot show the diff: no Theia window is open.';

/** Upper bound for the editor to show a diff; the CLI itself would wait ten minutes. */
const OPEN_DIFF_TIMEOUT_MS = 15_000;

export interface CompanionToolsOptions {
    readonly session: { id: string; owner: string };
    readonly diffHandler: () => DiffHandler | undefined;
    readonly serverVersion: string;
}

/** A fresh MCP server with the two tools the CLIs call; one per session. */
export function createCompanionMcpServer(options: CompanionToolsOptions): McpServer {
    const server = new McpServer(
        { name: 'theia-ide-companion', version: options.serverVersion },
        { capabilities: { logging: {} } }
    );
    const { session } = options;
    server.registerTool('openDiff', {
        description: '(IDE Tool) Open a diff view to create or modify a file. Returns at once; the user\'s decision arrives as ide/diffAccepted or ide/diffRejected.',
        inputSchema: OpenDiffArgumentsShape
    }, async ({ filePath, newContent }): Promise<CallToolResult> => {
        const handler = options.diffHandler();
        if (!handler) {
            return errorResult(NO_WINDOW_ERROR);
        }
        try {
            await withTimeout(handler.openDiff({ sessionId: session.id, clientId: session.owner, filePath, newContent }),
                OPEN_DIFF_TIMEOUT_MS, 'The Theia window did not open the diff in time.');
            return { content: [] };
        } catch (error) {
            return errorResult(`Cannot show the diff: ${(error as Error).message}`);
        }
    });
    server.registerTool('closeDiff', {
        description: '(IDE Tool) Close an open diff view and return the proposed content as JSON {"content": …}. Never sends a notification.',
        inputSchema: CloseDiffArgumentsShape
    }, async ({ filePath }): Promise<CallToolResult> => {
        const handler = options.diffHandler();
        let content: string | undefined;
        try {
            content = handler ? await handler.closeDiff({ sessionId: session.id, filePath }) : undefined;
        } catch (error) {
            return errorResult(`Cannot close the diff: ${(error as Error).message}`);
        }
        // The clients JSON.parse this text and read `.content` (the published spec's raw text is wrong).
        return { content: [{ type: 'text', text: JSON.stringify(content === undefined ? {} : { content }) }] };
    });
    return server;
}

function errorResult(text: string): CallToolResult {
    return { isError: true, content: [{ type: 'text', text }] };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
