import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { RequestId } from '../common/json-rpc';
import { deferredRequire } from '@ai-cli-companion/node-base';
import { CloseDiffArguments, OpenDiffArguments, wireSchemas } from '../common/wire-schemas';
import { DEFERRED_MODULES } from './mcp-sdk-modules';
import type { DiffAnswer, DiffBroker } from './diff-broker';

/** The MCP server's name as every CLI sees it; editor-neutral, the .vsix sends it inside VS Code too. */
export const MCP_SERVER_NAME = 'ai-cli-companion';

/** What one tool call needs: whose session it is, the broker, and how that client gets its answer. */
export interface ToolCallContext {
    readonly session: { readonly id: string; readonly owner: string };
    readonly broker: DiffBroker;
    /** The client's wire form for the decision of a proposal on `filePath`. */
    readonly answerFor: (filePath: string) => DiffAnswer;
    readonly signal: AbortSignal;
}

/** One tool: its schema and description, and the one handler both the SDK and the fast path call. */
interface CompanionTool<A> {
    readonly description: string;
    readonly schema: (schemas: ReturnType<typeof wireSchemas>) => { safeParse(value: unknown): { success: boolean; data?: unknown } };
    /** The raw zod shape the SDK lists in tools/list and validates with. */
    readonly shape: (schemas: ReturnType<typeof wireSchemas>) => object;
    handle(args: A, context: ToolCallContext): Promise<CallToolResult>;
}

/** Answers at once: the user's decision arrives later as ide/diffAccepted or ide/diffRejected. */
const openDiff: CompanionTool<OpenDiffArguments> = {
    description: '(IDE Tool) Open a diff view to create or modify a file. Returns at once; the user\'s decision arrives as ide/diffAccepted or ide/diffRejected.',
    schema: s => s.OpenDiffArguments,
    shape: s => s.openDiffArguments,
    async handle({ filePath, newContent }, { session, broker, answerFor, signal }) {
        try {
            await broker.propose({ sessionId: session.id, clientId: session.owner, filePath, newContent }, answerFor(filePath), signal);
            return { content: [] };
        } catch (error) {
            return errorResult(`Cannot show the diff: ${(error as Error).message}`);
        }
    }
};

/** Never notifies: a rejection sent now would cancel an edit the user approved in the terminal. */
const closeDiff: CompanionTool<CloseDiffArguments> = {
    description: '(IDE Tool) Close an open diff view and return the proposed content as JSON {"content": …}. Never sends a notification.',
    schema: s => s.CloseDiffArguments,
    shape: s => s.closeDiffArguments,
    async handle({ filePath }, { session, broker }) {
        let content: string | undefined;
        try {
            content = await broker.close(session.id, filePath);
        } catch (error) {
            return errorResult(`Cannot close the diff: ${(error as Error).message}`);
        }
        // The clients JSON.parse this text and read `.content` (the published spec's raw text is wrong).
        return { content: [{ type: 'text', text: JSON.stringify(content === undefined ? {} : { content }) }] };
    }
};

const TOOLS: Readonly<Record<string, CompanionTool<any>>> = { openDiff, closeDiff };

export interface CompanionToolsOptions {
    readonly session: { readonly id: string; readonly owner: string };
    readonly broker: DiffBroker;
    readonly answerFor: (filePath: string) => DiffAnswer;
    readonly serverVersion: string;
}

/** The tools the CLIs call, for one session: through the SDK, or the hot path that skips it. */
export class CompanionTools {
    constructor(protected readonly options: CompanionToolsOptions) { }

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
        const tool = request.method === 'tools/call' && typeof request.params?.name === 'string' && Object.hasOwn(TOOLS, request.params.name)
            ? TOOLS[request.params.name] : undefined;
        const parsed = tool?.schema(wireSchemas()).safeParse(request.params?.arguments);
        if (!tool || !parsed?.success) {
            return undefined;
        }
        return tool.handle(parsed.data, this.context(signal))
            .then(result => ({ jsonrpc: '2.0', id: request.id, result }) as JSONRPCMessage);
    }

    /** A fresh MCP server with every tool; one per session, never shared between sessions. */
    createMcpServer(): McpServer {
        const sdk = loadSdk();
        const server = new sdk.McpServer(
            { name: MCP_SERVER_NAME, version: this.options.serverVersion },
            { capabilities: { logging: {} }, jsonSchemaValidator: sdk.validator }
        );
        const schemas = wireSchemas();
        // The SDK types each registration by its zod shape; the table holds several, so register untyped.
        const register = server.registerTool.bind(server) as unknown as (name: string, config: { description: string; inputSchema: object },
            handler: (args: unknown, extra: { signal: AbortSignal }) => Promise<CallToolResult>) => void;
        for (const [name, tool] of Object.entries(TOOLS)) {
            register(name, { description: tool.description, inputSchema: tool.shape(schemas) }, (args, extra) => tool.handle(args, this.context(extra.signal)));
        }
        return server;
    }

    private context(signal: AbortSignal): ToolCallContext {
        const { session, broker, answerFor } = this.options;
        return { session, broker, answerFor, signal };
    }
}

interface Sdk {
    McpServer: typeof McpServer;
    validator: import('@modelcontextprotocol/sdk/validation/types.js').jsonSchemaValidator;
}
let sdk: Sdk | undefined;

/** The SDK is loaded when the first CLI connects, not at backend start (nor parsed there: see deferredRequire). */
function loadSdk(): Sdk {
    if (!sdk) {
        const { McpServer: Server } = deferredRequire<typeof import('@modelcontextprotocol/sdk/server/mcp.js')>(DEFERRED_MODULES.mcpServer);
        const { AjvJsonSchemaValidator } = deferredRequire<typeof import('@modelcontextprotocol/sdk/validation/ajv-provider.js')>(DEFERRED_MODULES.ajv);
        // One validator for all sessions: each would otherwise build its own Ajv instance (~20 KB heap).
        sdk = { McpServer: Server, validator: new AjvJsonSchemaValidator() };
    }
    return sdk;
}

function errorResult(text: string): CallToolResult {
    return { isError: true, content: [{ type: 'text', text }] };
}
