import * as acp from '@agentclientprotocol/sdk';
import type { TerminalRequestHandlers } from './client-terminals';

export interface AgentHandlers {
    onUpdate(sessionId: string, update: acp.SessionUpdate): void;
    /** Resolves with the user's answer; `signal` aborts if the agent withdraws the request. */
    onPermission(request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse>;
    /** Only called when `fs.readTextFile` is advertised. */
    readTextFile?(request: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse>;
    /** Only called when `fs.writeTextFile` is advertised. */
    writeTextFile?(request: acp.WriteTextFileRequest): Promise<acp.WriteTextFileResponse>;
    /** `terminal/*`; the `terminal` capability is advertised only when these are given. */
    terminals?: TerminalRequestHandlers;
    /** `elicitation/create`; only called when `formElicitation` is declared (unanswered: `cancel`). */
    onElicitation?(request: acp.CreateElicitationRequest, signal: AbortSignal): Promise<acp.CreateElicitationResponse>;
}

/** What the client declares beyond the handlers it serves. */
export interface ClientDeclarations {
    /** Who we are in `initialize`. */
    readonly clientName?: string;
    /**
     * The client shows the output of commands the agent runs itself when the agent streams it in
     * tool-call `_meta` (`terminal_info` / `terminal_output` / `terminal_exit`, Zed's extension that
     * codex-acp uses); advertised as `clientCapabilities._meta.terminal_output`.
     */
    readonly showsTerminalOutputMeta?: boolean;
    /** Declares `elicitation: { form: {} }`: the host renders form requests (`handlers.onElicitation`). */
    readonly formElicitation?: boolean;
    /** With `formElicitation`, also declares `url: {}`: the host offers the link of a URL-mode request. */
    readonly urlElicitation?: boolean;
    /** Declares `auth: { terminal: true }`: the host can run the agent's `terminal` sign-in methods itself. */
    readonly terminalAuth?: boolean;
    /** Declares `session.configOptions.boolean`: the host shows boolean config options. */
    readonly booleanConfigOptions?: boolean;
}

const NO_ANSWER: acp.CreateElicitationResponse = { action: 'cancel' };

/** The client side of an agent connection: each request the agent may send, routed to `handlers`. */
export function clientApp(handlers: AgentHandlers, declarations: ClientDeclarations): acp.ClientApp {
    let app = acp.client({ name: declarations.clientName ?? 'ai-cli-agent-api' } as never)
        .onRequest('session/request_permission', ({ params, signal }) => handlers.onPermission(params, signal))
        .onNotification('session/update', ({ params }) => handlers.onUpdate(params.sessionId, params.update));
    if (handlers.readTextFile) {
        app = app.onRequest('fs/read_text_file', ({ params }) => handlers.readTextFile!(params));
    }
    if (handlers.writeTextFile) {
        app = app.onRequest('fs/write_text_file', ({ params }) => handlers.writeTextFile!(params));
    }
    const terminals = handlers.terminals;
    if (terminals) {
        app = app
            .onRequest('terminal/create', ({ params }) => terminals.create(params))
            .onRequest('terminal/output', ({ params }) => terminals.output(params))
            .onRequest('terminal/wait_for_exit', ({ params }) => terminals.waitForExit(params))
            .onRequest('terminal/kill', ({ params }) => terminals.kill(params))
            .onRequest('terminal/release', ({ params }) => terminals.release(params));
    }
    if (declarations.formElicitation) {
        app = app.onRequest('elicitation/create', ({ params, signal }) => handlers.onElicitation?.(params, signal) ?? NO_ANSWER);
    }
    return app
        // e.g. qwen's craft/drainMidTurnQueue: not ours to answer.
        .onRequest('*', ({ method }) => { throw acp.RequestError.methodNotFound(method); })
        .onNotification('*', () => undefined);
}

/** `initialize`'s client capabilities: `fs` and `terminal` only where `handlers` serve them. */
export function clientCapabilities(handlers: AgentHandlers, declarations: ClientDeclarations): acp.InitializeRequest['clientCapabilities'] {
    return {
        fs: { readTextFile: !!handlers.readTextFile, writeTextFile: !!handlers.writeTextFile }, terminal: !!handlers.terminals,
        ...(declarations.formElicitation ? { elicitation: { form: {}, ...(declarations.urlElicitation ? { url: {} } : {}) } } : {}),
        ...(declarations.terminalAuth ? { auth: { terminal: true } } : {}),
        ...(declarations.booleanConfigOptions ? { session: { configOptions: { boolean: {} } } } : {}),
        ...(declarations.showsTerminalOutputMeta ? { _meta: { terminal_output: true } } : {})
    };
}
