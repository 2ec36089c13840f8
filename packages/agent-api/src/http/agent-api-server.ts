import * as http from 'http';
import * as os from 'os';
import {
    LoopbackWall, RequestTarget, corsHeaders, drainAndRespond, isRefusal, parseRequestTarget, preflightHeaders, writeJson
} from '@ai-cli-companion/node-base';
import type { AgentLogger } from '@ai-cli-companion/acp-client';
import { AuthService } from '../auth/auth-service';
import { WorkspaceChats } from '../engine/workspace-chats';
import { ExecuteCommandRoute } from '../files/execute-command-route';
import { FileRoutes } from '../files/file-routes';
import { WorkspaceRoots } from '../files/workspace-roots';
import { ApiError, badRequest, failure, success } from './api-envelope';
import { TOOL_OUTCOMES, ToolOutcome } from './api-types';
import { ChatRoute } from './chat-route';
import { readJsonBody } from './json-body';

export interface AgentApiServerOptions {
    readonly roots: WorkspaceRoots;
    readonly pool: WorkspaceChats;
    readonly auth: AuthService;
    readonly token: string;
    readonly host: string;
    readonly port: number;
    readonly allowedOrigins: readonly string[];
    readonly enableExecuteCommand: boolean;
    readonly version: string;
    readonly logger: AgentLogger;
    readonly scrub: (text: string) => string;
    /** What /execute-command children get: no token, no keys (see withoutSecrets). */
    readonly commandEnvironment: NodeJS.ProcessEnv;
    readonly maxBodyBytes?: number;
    readonly maxReadBytes?: number;
    readonly keepAliveMs?: number;
    readonly commandTimeoutMs?: number;
    readonly maxCommandOutputBytes?: number;
}

type Handler = (context: RequestContext) => Promise<void | object>;
interface RequestContext {
    readonly request: http.IncomingMessage;
    readonly response: http.ServerResponse;
    readonly url: RequestTarget;
    readonly body: Record<string, unknown>;
    readonly headers: Record<string, string>;
}

const ROUTES: Record<string, { method: 'GET' | 'POST'; body: boolean }> = {
    '/status': { method: 'GET', body: false },
    '/auth/config': { method: 'POST', body: true },
    '/auth/google-login': { method: 'POST', body: true },
    '/auth/status': { method: 'GET', body: false },
    '/auth/logout': { method: 'POST', body: true },
    '/auth/clear': { method: 'POST', body: true },
    '/chat': { method: 'POST', body: true },
    '/tool-confirmation': { method: 'POST', body: true },
    '/list-directory': { method: 'GET', body: false },
    '/read-file': { method: 'POST', body: true },
    '/write-file': { method: 'POST', body: true },
    '/execute-command': { method: 'POST', body: true }
};

/**
 * The spec's HTTP API. Every request passes the loopback wall (Host allow-list, Origin allow-list,
 * bearer token) on its headers before a byte of its body is read; only a CORS preflight from an
 * allow-listed origin is answered without a token, since browsers send none.
 */
export class AgentApiServer {
    private readonly server = http.createServer((request, response) => this.route(request, response).catch(error => {
        // Whatever slipped through: one request fails, the server (and the IDE backend around it) lives on.
        this.options.logger.error(`${request.method} ${this.options.scrub(String(request.url))}: ${this.options.scrub(String(error))}`);
        if (!response.headersSent) {
            drainAndRespond(request, response, 500, failure('Internal server error', 'The request could not be handled.'));
        } else {
            response.destroy();
        }
    }));
    private wall: LoopbackWall | undefined;
    private readonly files: FileRoutes;
    private readonly chat: ChatRoute;
    private readonly commands: ExecuteCommandRoute;
    private readonly handlers: Record<string, Handler>;

    constructor(private readonly options: AgentApiServerOptions) {
        this.files = new FileRoutes({ roots: options.roots, maxReadBytes: options.maxReadBytes ?? 5 * 1024 * 1024 });
        this.chat = new ChatRoute({ pool: options.pool, roots: options.roots, keepAliveMs: options.keepAliveMs ?? 15_000 });
        this.commands = new ExecuteCommandRoute({
            enabled: options.enableExecuteCommand, roots: options.roots, environment: options.commandEnvironment,
            logger: options.logger, scrub: options.scrub,
            timeoutMs: options.commandTimeoutMs, maxOutputBytes: options.maxCommandOutputBytes
        });
        this.server.keepAliveTimeout = 60_000;
        this.handlers = {
            '/status': async () => success('Server is running', {
                status: 'ok', version: options.version, agent: options.pool.profile.id, workspaces: options.roots.roots
            }),
            '/auth/config': async ({ body }) => this.afterAuthChange(success(await options.auth.configure(body))),
            '/auth/google-login': async () => { throw options.auth.googleLoginUnsupported(); },
            '/auth/status': async () => success('Authentication status', { data: await options.auth.status() }),
            '/auth/logout': async () => this.clearAuth('Logged out: stored credentials removed.'),
            '/auth/clear': async () => this.clearAuth('Authentication configuration cleared.'),
            '/chat': ({ request, response, body, headers }) => this.chat.handle(request, response, body, headers),
            '/tool-confirmation': async ({ body }) => this.confirm(body),
            '/list-directory': ({ url }) => this.files.listDirectory(url.searchParams),
            '/read-file': ({ body }) => this.files.readFile(body),
            '/write-file': ({ body }) => this.files.writeFile(body),
            '/execute-command': ({ body }) => this.commands.handle(body)
        };
    }

    get port(): number {
        const address = this.server.address();
        return typeof address === 'object' && address ? address.port : 0;
    }

    async listen(): Promise<number> {
        await new Promise<void>((resolve, reject) => {
            this.server.once('error', reject);
            this.server.listen(this.options.port, this.options.host, () => {
                this.server.off('error', reject);
                resolve();
            });
        });
        this.wall = new LoopbackWall({
            port: this.port, tokens: new Map([['api', this.options.token]]),
            hostnames: allowedHostnames(this.options.host), allowedOrigins: this.options.allowedOrigins
        });
        return this.port;
    }

    async close(): Promise<void> {
        await this.options.pool.stopAll();
        await new Promise<void>(resolve => {
            this.server.close(() => resolve());
            this.server.closeAllConnections();
        });
    }

    private async route(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
        const wall = this.wall;
        const url = parseRequestTarget(request.url);
        if (!url) {
            drainAndRespond(request, response, 400, failure('Bad request', 'The request target must be a path such as /status.'));
            return;
        }
        if (!wall) {
            drainAndRespond(request, response, 503, failure('Not ready', 'The server is starting.'));
            return;
        }
        if (request.method === 'OPTIONS') {
            this.preflight(wall, request, response, url.pathname);
            return;
        }
        const verdict = wall.check(request.headers);
        if (isRefusal(verdict)) {
            // No CORS headers here: a page of a foreign origin cannot even read why.
            drainAndRespond(request, response, verdict.status, failure(verdict.status === 401 ? 'Unauthorized' : 'Forbidden', verdict.error));
            return;
        }
        const headers = verdict.origin ? corsHeaders(verdict.origin) : {};
        const route = ROUTES[url.pathname];
        if (!route) {
            drainAndRespond(request, response, 404, failure('Not found', `No endpoint ${url.pathname}.`), headers);
            return;
        }
        if (request.method !== route.method) {
            drainAndRespond(request, response, 405, failure('Method not allowed', `${url.pathname} takes ${route.method}.`),
                { ...headers, allow: route.method });
            return;
        }
        try {
            const body = route.body ? await readJsonBody(request, this.options.maxBodyBytes) : {};
            const answer = await this.handlers[url.pathname]({ request, response, url, body, headers });
            if (answer) {
                writeJson(response, 200, answer, headers);
            }
        } catch (error) {
            this.fail(request, response, error, headers);
        }
    }

    private preflight(wall: LoopbackWall, request: http.IncomingMessage, response: http.ServerResponse, pathname: string): void {
        const refusal = wall.checkSource(request.headers);
        const origin = wall.allowedOrigin(request.headers);
        if (refusal || !origin) {
            drainAndRespond(request, response, 403, failure('Forbidden', refusal?.error ?? 'A preflight needs an allow-listed Origin.'));
            return;
        }
        const route = ROUTES[pathname];
        response.writeHead(204, preflightHeaders(origin, route ? [route.method, 'OPTIONS'] : ['GET', 'POST', 'OPTIONS'])).end();
        request.resume();
    }

    private fail(request: http.IncomingMessage, response: http.ServerResponse, error: unknown, headers: Record<string, string>): void {
        if (error instanceof ApiError) {
            drainAndRespond(request, response, error.status, failure(error.error, this.options.scrub(error.message)), { ...headers, ...error.headers });
            return;
        }
        const message = this.options.scrub(error instanceof Error ? error.message : String(error));
        this.options.logger.error(`${request.method} ${request.url}: ${message}`);
        if (response.headersSent) {
            response.destroy();
            return;
        }
        drainAndRespond(request, response, 500, failure('Internal server error', message), headers);
    }

    private confirm(body: Record<string, unknown>): object {
        const { callId, outcome } = body;
        if (typeof callId !== 'string' || callId === '') {
            throw badRequest('"callId" must be a non-empty string.');
        }
        if (typeof outcome !== 'string' || !(TOOL_OUTCOMES as readonly string[]).includes(outcome)) {
            throw badRequest(`"outcome" must be one of ${TOOL_OUTCOMES.join(', ')}.`);
        }
        const verdict = this.options.pool.confirmations.answer(callId, outcome as ToolOutcome);
        if (!verdict.ok) {
            throw new ApiError(verdict.status, verdict.status === 404 ? 'Unknown call' : 'Outcome not offered', verdict.message);
        }
        return success(outcome === 'cancel' ? 'Tool call refused' : 'Tool call confirmed', { callId, outcome });
    }

    private async clearAuth(message: string): Promise<object> {
        await this.options.auth.clear();
        return this.afterAuthChange(success(message));
    }

    private afterAuthChange<T>(answer: T): T {
        this.options.pool.restartAll();
        return answer;
    }
}

/** Host names a request may name: the loopback names, plus the bound address if it is another one. */
function allowedHostnames(host: string): string[] {
    // host.docker.internal (which the companion accepts for the CLIs) is not needed by a GUI.
    const names = new Set(['127.0.0.1', 'localhost', '::1']);
    if (host === '0.0.0.0' || host === '::') {
        for (const addresses of Object.values(os.networkInterfaces())) {
            addresses?.forEach(address => names.add(address.address));
        }
        names.add(os.hostname());
    } else {
        names.add(host);
    }
    return [...names];
}
