import type { IncomingMessage, ServerResponse } from 'http';
import * as path from 'path';
import type * as acp from '@agentclientprotocol/sdk';
import { NdjsonWriter, SseWriter, writeJson } from '@ai-cli-companion/node-base';
import { AgentPoolFullError } from '@ai-cli-companion/acp-client';
import { WorkspaceChat } from '../engine/workspace-chat';
import { WorkspaceChats } from '../engine/workspace-chats';
import { WorkspaceRoots } from '../files/workspace-roots';
import { ApiError, badRequest, conflict, success } from './api-envelope';
import { StreamEvent } from './api-types';

/** Files one chat message may reference; each is resolved against the workspace roots. */
export const MAX_FILE_PATHS = 100;

export interface ChatRouteOptions {
    readonly pool: WorkspaceChats;
    readonly roots: WorkspaceRoots;
    readonly keepAliveMs: number;
}

/**
 * POST /chat: one prompt turn. `stream: true` answers Server-Sent Events (or NDJSON for
 * `Accept: application/x-ndjson`, what the spec's original macOS client reads); otherwise the
 * spec's `{response, hasToolCalls, toolCalls}` once the turn is over.
 */
export class ChatRoute {
    constructor(private readonly options: ChatRouteOptions) { }

    async handle(request: IncomingMessage, response: ServerResponse, body: Record<string, unknown>,
        headers: Record<string, string>): Promise<void> {
        const { message, stream, filePaths, workspacePath } = body;
        if (typeof message !== 'string' || message.trim() === '') {
            throw badRequest('"message" must be a non-empty string.');
        }
        if (stream !== undefined && typeof stream !== 'boolean') {
            throw badRequest('"stream" must be a boolean.');
        }
        if (filePaths !== undefined && !Array.isArray(filePaths)) {
            throw badRequest('"filePaths" must be an array of strings.');
        }
        // Checked before a single path is touched: each one costs file system calls.
        if (Array.isArray(filePaths) && filePaths.length > MAX_FILE_PATHS) {
            throw badRequest(`"filePaths" has ${filePaths.length} entries; at most ${MAX_FILE_PATHS} are allowed per message.`, 'Too many files');
        }
        if (Array.isArray(filePaths) && filePaths.some(p => typeof p !== 'string')) {
            throw badRequest('"filePaths" must be an array of strings.');
        }
        const workspace = workspacePath === undefined
            ? this.options.roots.primary
            : this.options.roots.resolveDirectory(workspacePath);
        const references: string[] = [];
        for (const file of new Set((filePaths as string[] | undefined) ?? [])) {
            references.push(await this.options.roots.resolveAsync(file, workspace));
        }
        let agent: WorkspaceChat;
        try {
            agent = this.options.pool.chatFor(workspace);
        } catch (error) {
            if (error instanceof AgentPoolFullError) {
                throw new ApiError(503, 'Too many agents', error.message, { 'retry-after': '5' });
            }
            throw error;
        }
        if (!agent.tryReserve()) {
            throw conflict(`A chat turn is already running in ${workspace}; wait for its "complete" event or cancel it by closing that stream.`,
                'Turn in progress');
        }
        const turn = { started: false };
        try {
            await this.run(agent, workspace, request, response, prompt(message, [...new Set(references)]), stream === true, headers, turn);
        } finally {
            if (!turn.started) {
                agent.release(); // the answer could not even start: do not keep the workspace busy
            }
        }
    }

    private async run(agent: WorkspaceChat, cwd: string, request: IncomingMessage, response: ServerResponse, prompt: acp.ContentBlock[],
        stream: boolean, headers: Record<string, string>, turn: { started: boolean }): Promise<void> {
        const abort = new AbortController();
        // Only a client that goes away before the answer is over cancels the turn.
        response.once('close', () => {
            if (!response.writableFinished) {
                abort.abort();
            }
        });
        const accept = request.headers.accept ?? '';
        if (accept.includes('application/x-ndjson')) {
            const writer = new NdjsonWriter(response, { headers });
            turn.started = true;
            await agent.runTurn({ cwd, prompt, signal: abort.signal, emit: event => void writer.send(event) });
            writer.end();
            return;
        }
        if (stream) {
            const writer = new SseWriter(response, { headers, keepAliveMs: this.options.keepAliveMs });
            let id = 0;
            turn.started = true;
            await agent.runTurn({
                cwd, prompt, signal: abort.signal,
                emit: (event: StreamEvent) => void writer.send({ id: ++id, event: event.type, data: event })
            });
            writer.end();
            return;
        }
        // Nobody can answer a confirmation without the stream: such calls are refused, and said so.
        let failure: StreamEvent | undefined;
        turn.started = true;
        const result = await agent.runTurn({
            cwd, prompt, signal: abort.signal, refuseConfirmations: true,
            emit: event => { if (event.type === 'error') { failure = event; } }
        });
        if (failure?.type === 'error') {
            writeJson(response, 500, { success: false, error: failure.data.code, message: failure.data.message,
                details: failure.data.details, response: result.response, timestamp: new Date().toISOString() }, headers);
            return;
        }
        writeJson(response, 200, success('Chat complete', {
            response: result.response,
            hasToolCalls: result.toolCalls.length > 0,
            toolCalls: result.toolCalls
        }), headers);
    }
}

/**
 * The message, then one resource link per file: both CLIs turn a link into an `@/abs/path`
 * reference and inline the file (an `@path` typed into ACP prompt text is not expanded).
 */
function prompt(message: string, files: string[]): acp.ContentBlock[] {
    return [
        { type: 'text', text: message },
        // Not percent-encoded: gemini 0.61 takes the URI's path verbatim, so "%20" would name another file.
        ...files.map(file => ({ type: 'resource_link' as const, uri: `file://${file}`, name: path.basename(file) }))
    ];
}
