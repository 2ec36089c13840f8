import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { deferredRequire } from '@ai-cli-companion/node-base';
import { DEFERRED_MODULES } from './mcp-sdk-modules';

/** What one CLI session's MCP server offers: its name as the CLI expects it, tools/list, and tools/call. */
export interface IdeToolsServerOptions {
    readonly name: string;
    readonly version: string;
    readonly tools: ListToolsResult['tools'];
    call(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult>;
}

/** One SDK server per CLI session (Claude Code's IDE WebSocket, Copilot CLI's socket), with tools/list and tools/call. */
export function createIdeToolsServer({ name, version, tools, call }: IdeToolsServerOptions): Server {
    const { Server: SdkServer } = deferredRequire<typeof import('@modelcontextprotocol/sdk/server/index.js')>(DEFERRED_MODULES.server);
    const { CallToolRequestSchema, ListToolsRequestSchema } = deferredRequire<typeof import('@modelcontextprotocol/sdk/types.js')>(DEFERRED_MODULES.types);
    const server = new SdkServer({ name, version }, { capabilities: { tools: { listChanged: true } } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => call(request.params.name, request.params.arguments ?? {}, extra.signal));
    return server;
}
