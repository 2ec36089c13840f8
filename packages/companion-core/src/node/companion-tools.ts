import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { RequestId } from '../common/json-rpc';
import { CloseDiffArguments, OpenDiffArguments, wireSchemas } from '../common/wire-schemas';

/** A CLI's openDiff as the endpoint receives it. */
export interface DiffRequest {
    readonly sessionId: string;
    /** The client profile that opened the session ("gemini", "qwen", …). */
    readonly clientId: string;
    /** Verbatim, exactly as the CLI sent it: the CLI matches notifications on this string. */
    readonly filePath: string;
    readonly newContent: string;
}

/** What the tools ask of the endpoint; errors are thrown with a message the CLI shows. */
export interface DiffRequestHandler {
    /** Registers and shows the diff; resolves once it is visible. The decision comes later. */
    openDiff(request: DiffRequest, signal: AbortSignal): Promise<void>;
    /** Closes the caller's own diff silently; returns the proposal as the user edited it. */
    closeDiff(request: { sessionId: string; filePath: string }): Promise<string | undefined>;
}

export interface CompanionToolsOptions {
    readonly session: { id: string; owner: string };
    readonly handler: DiffRequestHandler;
    readonly serverVersion: string;
}

/** The two tools the CLIs call, for one session. */
export class CompanionTools {
    constructor(protected readonly options: CompanionToolsOptions) { }

    /** Answers at once: the user's decision arrives later as ide/diffAccepted or ide/diffRejected. */
    async openDiff({ filePath, newContent }: OpenDiffArguments, signal: AbortSignal): Promise<CallToolResult> {
        const { session, handler } = this.options;
        try {
            await handler.openDiff({ sessionId: session.id, clientId: session.owner, filePath, newContent }, signal);
            return { content: [] };
        } catch (error) {
            return errorResult(`Cannot show the diff: ${(error as Error).message}`);
        }
    }

    /** Never notifies: a rejection sent now would cancel an edit the user approved in the terminal. */
    async closeDiff({ filePath }: CloseDiffArguments): Promise<CallToolResult> {
        let content: string | undefined;
        try {
            content = await this.options.handler.closeDiff({ sessionId: this.options.session.id, filePath });
        } catch (error) {
            return errorResult(`Cannot close the diff: ${(error as Error).message}`);
        }
        // The clients JSON.parse this text and read `.content` (the published spec's raw text is wrong).
        return { content: [{ type: 'text', text: JSON.stringify(content === undefined ? {} : { content }) }] };
    }

    /**
     * The hot path: a well-formed `tools/call` of our tools, or a `ping`, answered without the SDK's
     * per-message machinery (which costs more than the call itself). Anything else, malformed
     * arguments included, returns undefined and goes through the SDK as usual.
     */
    fastReply(message: JSONRPCMessage, signal: AbortSignal): Promise<JSONRPCMessage> | undefined {
        const request = message as { id: RequestId; method?: string; params?: { name?: unknown; arguments?: unknown } };
        if (request.method === 'ping') {
            return Promise.resolve({ jsonrpc: '2.0', id: request.id, result: {} });
        }
        if (request.method !== 'tools/call') {
            return undefined;
        }
        const schemas = wireSchemas();
        const name = request.params?.name;
        const schema = name === 'openDiff' ? schemas.OpenDiffArguments : name === 'closeDiff' ? schemas.CloseDiffArguments : undefined;
        const parsed = schema?.safeParse(request.params?.arguments);
        if (!parsed?.success) {
            return undefined;
        }
        const result = name === 'openDiff' ? this.openDiff(parsed.data as OpenDiffArguments, signal) : this.closeDiff(parsed.data as CloseDiffArguments);
        return result.then(value => ({ jsonrpc: '2.0', id: request.id, result: value }) as JSONRPCMessage);
    }

    /** A fresh MCP server with both tools; one per session, never shared between sessions. */
    createMcpServer(): McpServer {
        const sdk = loadSdk();
        const server = new sdk.McpServer(
            { name: 'ai-cli-companion', version: this.options.serverVersion },
            { capabilities: { logging: {} }, jsonSchemaValidator: sdk.validator }
        );
        const schemas = wireSchemas();
        server.registerTool('openDiff', {
            description: '(IDE Tool) Open a diff view to create or modify a file. Returns at once; the user\'s decision arrives as ide/diffAccepted or ide/diffRejected.',
            inputSchema: schemas.openDiffArguments
        }, (args, extra) => this.openDiff(args, extra.signal));
        server.registerTool('closeDiff', {
            description: '(IDE Tool) Close an open diff view and return the proposed content as JSON {"content": …}. Never sends a notification.',
            inputSchema: schemas.closeDiffArguments
        }, args => this.closeDiff(args));
        return server;
    }
}

interface Sdk {
    McpServer: typeof McpServer;
    validator: import('@modelcontextprotocol/sdk/validation/types.js').jsonSchemaValidator;
}
let sdk: Sdk | undefined;

/** The SDK is loaded when the first CLI connects, not at backend start (~200 ms to evaluate). */
function loadSdk(): Sdk {
    if (!sdk) {
        /* eslint-disable @typescript-eslint/no-require-imports */
        const { McpServer: Server } = require('@modelcontextprotocol/sdk/server/mcp.js') as typeof import('@modelcontextprotocol/sdk/server/mcp.js');
        const { AjvJsonSchemaValidator } = require('@modelcontextprotocol/sdk/validation/ajv') as typeof import('@modelcontextprotocol/sdk/validation/ajv-provider.js');
        /* eslint-enable @typescript-eslint/no-require-imports */
        // One validator for all sessions: each would otherwise build its own Ajv instance (~20 KB heap).
        sdk = { McpServer: Server, validator: new AjvJsonSchemaValidator() };
    }
    return sdk;
}

function errorResult(text: string): CallToolResult {
    return { isError: true, content: [{ type: 'text', text }] };
}
