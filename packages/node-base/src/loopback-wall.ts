import * as crypto from 'crypto';
import type { IncomingHttpHeaders } from 'http';

/** Why a request was refused, sent back as a short JSON body. */
export interface Refusal {
    readonly status: 401 | 403;
    readonly error: string;
}

/** A request that passed the wall: the owner of its token, and its Origin when an allowed browser sent it. */
export interface Admission {
    readonly owner: string;
    readonly origin?: string;
}

/** Host names the CLIs dial: Gemini picks host.docker.internal inside containers, Qwen falls back to it. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['127.0.0.1', 'localhost', 'host.docker.internal'];

export interface LoopbackWallOptions {
    /** The port the server listens on: the Host header must name it. */
    readonly port: number;
    /** Bearer tokens by owner (e.g. a client profile id). */
    readonly tokens: ReadonlyMap<string, string>;
    /** Host names accepted in the Host header, with `:port`; defaults to LOOPBACK_HOSTNAMES. */
    readonly hostnames?: readonly string[];
    /** Browser origins let through (exact match, e.g. "http://localhost:5173"); empty by default. */
    readonly allowedOrigins?: readonly string[];
}

/**
 * DNS-rebinding and CSRF wall, then bearer auth, all on headers only (the body is not read yet).
 * The CLIs never send an Origin; browsers always do on cross-site requests, so an Origin outside
 * the allow-list is refused.
 */
export class LoopbackWall {
    private readonly tokenDigests: ReadonlyArray<{ digest: Buffer; owner: string }>;
    private readonly allowedHosts: ReadonlySet<string>;
    private readonly allowedOrigins: ReadonlySet<string>;

    constructor(options: LoopbackWallOptions) {
        const hostnames = options.hostnames ?? LOOPBACK_HOSTNAMES;
        this.allowedHosts = new Set(hostnames.map(host => `${hostWithBrackets(host).toLowerCase()}:${options.port}`));
        this.allowedOrigins = new Set((options.allowedOrigins ?? []).map(normalizeOrigin));
        this.tokenDigests = [...options.tokens].map(([owner, token]) => ({ owner, digest: digest(token) }));
    }

    /** The Origin if it is in the allow-list (what CORS headers may echo), else undefined. */
    allowedOrigin(headers: IncomingHttpHeaders): string | undefined {
        const origin = headers.origin;
        return origin !== undefined && this.allowedOrigins.has(normalizeOrigin(origin)) ? origin : undefined;
    }

    /** Host and Origin only: what a CORS preflight (which carries no token) must pass. */
    checkSource(headers: IncomingHttpHeaders): Refusal | undefined {
        const origin = headers.origin;
        if (origin !== undefined && this.allowedOrigin(headers) === undefined) {
            return { status: 403, error: this.allowedOrigins.size === 0
                ? 'Requests with an Origin header are not accepted.'
                : 'This Origin is not in the allow-list.' };
        }
        const host = headers.host?.toLowerCase();
        if (!host || !this.allowedHosts.has(host)) {
            return { status: 403, error: 'Invalid Host header.' };
        }
        return undefined;
    }

    /** Returns the owner of the matching token, or the refusal. */
    check(headers: IncomingHttpHeaders): Admission | Refusal {
        const refusal = this.checkSource(headers);
        if (refusal) {
            return refusal;
        }
        const authorization = headers.authorization;
        if (!authorization) {
            return { status: 401, error: 'Missing Authorization header.' };
        }
        const parts = authorization.split(' ');
        if (parts.length !== 2 || parts[0] !== 'Bearer' || parts[1].length === 0) {
            return { status: 401, error: 'Malformed Authorization header: expected "Bearer <token>".' };
        }
        const candidate = digest(parts[1]);
        let owner: string | undefined;
        // Compare against every token so the time taken does not depend on which one matched.
        for (const entry of this.tokenDigests) {
            if (crypto.timingSafeEqual(entry.digest, candidate) && owner === undefined) {
                owner = entry.owner;
            }
        }
        if (owner === undefined) {
            return { status: 401, error: 'Invalid token.' };
        }
        const origin = this.allowedOrigin(headers);
        return origin === undefined ? { owner } : { owner, origin };
    }
}

export function isRefusal(verdict: Admission | Refusal): verdict is Refusal {
    return 'status' in verdict;
}

/** Fixed-length digests let timingSafeEqual compare tokens of any length. */
function digest(token: string): Buffer {
    return crypto.createHash('sha256').update(token).digest();
}

/** Browsers send the origin without a trailing slash and with a lower-case scheme and host. */
function normalizeOrigin(origin: string): string {
    return origin.trim().replace(/\/+$/, '').toLowerCase();
}

/** An IPv6 literal appears in a Host header in brackets. */
function hostWithBrackets(host: string): string {
    return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function generateToken(): string {
    return crypto.randomBytes(32).toString('base64url');
}
