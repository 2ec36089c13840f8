import * as crypto from 'crypto';
import type { IncomingHttpHeaders } from 'http';

/** Why a request was refused, sent back as a short JSON body. */
export interface Refusal {
    readonly status: 401 | 403;
    readonly error: string;
}

/** Host names the CLIs dial: Gemini picks host.docker.internal inside containers, Qwen falls back to it. */
const ALLOWED_HOSTNAMES = ['127.0.0.1', 'localhost', 'host.docker.internal'];

/**
 * DNS-rebinding and CSRF wall, then bearer auth. The CLIs never send an Origin; browsers always
 * do on cross-site requests, so any Origin is refused.
 */
export class RequestGuard {
    private readonly tokenDigests: ReadonlyArray<{ digest: Buffer; owner: string }>;
    private readonly allowedHosts: ReadonlySet<string>;

    constructor(port: number, tokens: ReadonlyMap<string, string>) {
        this.allowedHosts = new Set(ALLOWED_HOSTNAMES.map(host => `${host}:${port}`));
        this.tokenDigests = [...tokens].map(([owner, token]) => ({ owner, digest: digest(token) }));
    }

    /** Returns the owner of the matching token (a profile id), or the refusal. */
    check(headers: IncomingHttpHeaders): { owner: string } | Refusal {
        if (headers.origin !== undefined) {
            return { status: 403, error: 'Requests with an Origin header are not accepted.' };
        }
        const host = headers.host?.toLowerCase();
        if (!host || !this.allowedHosts.has(host)) {
            return { status: 403, error: 'Invalid Host header.' };
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
        return owner !== undefined ? { owner } : { status: 401, error: 'Invalid token.' };
    }
}

/** Fixed-length digests let timingSafeEqual compare tokens of any length. */
function digest(token: string): Buffer {
    return crypto.hash('sha256', token, 'buffer');
}

export function generateToken(): string {
    return crypto.randomBytes(32).toString('base64url');
}
