import * as crypto from 'crypto';
import type { IncomingHttpHeaders } from 'http';
import type { RequestGuard } from '../mcp-session';

/**
 * The only check a request on our socket gets: `Authorization: Nonce <the lock's nonce>` (401 otherwise),
 * compared in constant time. A Unix socket has no Host to check, and browsers cannot reach it.
 */
export class CopilotNonceGuard implements RequestGuard {
    private readonly expected: Buffer;

    constructor(private readonly owner: string, nonce: string) {
        this.expected = digest(`Nonce ${nonce}`);
    }

    check(headers: IncomingHttpHeaders): { owner: string } | { status: 401; error: string } {
        const authorization = headers.authorization;
        if (!authorization) {
            return { status: 401, error: 'Missing Authorization header.' };
        }
        // Digests of equal length: the comparison takes the same time whatever was sent.
        return crypto.timingSafeEqual(digest(authorization), this.expected)
            ? { owner: this.owner }
            : { status: 401, error: 'Invalid nonce.' };
    }
}

function digest(text: string): Buffer {
    return crypto.createHash('sha256').update(text).digest();
}
