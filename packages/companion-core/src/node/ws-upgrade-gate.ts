import * as crypto from 'crypto';
import type { IncomingHttpHeaders } from 'http';
import type { Duplex } from 'stream';
import { LoopbackWall, Refusal } from '@ai-cli-companion/node-base';
import { CLAUDE_AUTH_HEADER } from '../common/claude-ide-wire';

/**
 * The checks of a WebSocket upgrade, on headers only and before the handshake: any Origin → 403 (a web
 * page must never reach the IDE: CVE-2025-52882), a Host that is not this loopback port → 403 (DNS
 * rebinding), a missing or wrong token header → 401, the token compared in constant time.
 */
export class WsUpgradeGate {
    private readonly wall: LoopbackWall;
    private readonly tokenDigests: ReadonlyArray<{ owner: string; digest: Buffer }>;

    /** `tokens` by owner (a client profile id). */
    constructor(port: number, tokens: ReadonlyMap<string, string>) {
        this.wall = new LoopbackWall({ port, tokens: new Map() });
        this.tokenDigests = [...tokens].map(([owner, token]) => ({ owner, digest: digest(token) }));
    }

    /** The owner of the token, or why the upgrade is refused. */
    check(headers: IncomingHttpHeaders): { owner: string } | Refusal {
        const refusal = this.wall.checkSource(headers);
        if (refusal) {
            return refusal;
        }
        const header = headers[CLAUDE_AUTH_HEADER];
        const token = Array.isArray(header) ? header[0] : header;
        if (!token) {
            return { status: 401, error: `Missing ${CLAUDE_AUTH_HEADER} header.` };
        }
        const candidate = digest(token);
        let owner: string | undefined;
        // Compare against every token so the time taken does not depend on which one matched.
        for (const entry of this.tokenDigests) {
            if (crypto.timingSafeEqual(entry.digest, candidate) && owner === undefined) {
                owner = entry.owner;
            }
        }
        return owner === undefined ? { status: 401, error: 'Invalid token.' } : { owner };
    }
}

/** Answers a refused upgrade on the raw socket (no WebSocket handshake happened) and closes it. */
export function refuseUpgrade(socket: Duplex, refusal: Refusal): void {
    // Node's HTTP server drops its error listener from an upgraded socket: a client that answers the
    // refusal with a reset (opencode 1.18.33 does) would otherwise end the backend with ECONNRESET.
    socket.on('error', () => socket.destroy());
    const body = JSON.stringify({ error: refusal.error });
    const statusText = refusal.status === 401 ? 'Unauthorized' : 'Forbidden';
    socket.end(`HTTP/1.1 ${refusal.status} ${statusText}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** Fixed-length digests let timingSafeEqual compare tokens of any length. */
function digest(token: string): Buffer {
    return crypto.createHash('sha256').update(token).digest();
}
