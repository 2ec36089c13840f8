import { isIP } from 'net';

/**
 * Which `Host` headers the Theia backend answers. A DNS rebinding page (evil.example resolving to
 * 127.0.0.1) reaches the backend with its own name in `Host`, gets the connection-token cookie for that
 * name and may then call every RPC service: terminals, files, the chat's agents. Its name is what
 * gives it away: loopback names (localhost, *.localhost) and IP literals cannot be rebound, other names
 * must be listed in THEIA_HOSTS (Theia's own variable, which also limits the WebSocket `Origin`).
 * The port is not checked: a tunnel (ssh -L 8080:localhost:3000) or a proxy may serve another one.
 */
/** A `Host` header: a name, an IPv4 literal or a bracketed IPv6 literal, then an optional port. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::\d{1,5})?$/;

export class AllowedHosts {
    protected readonly configured: ReadonlySet<string>;

    /** `theiaHosts`: THEIA_HOSTS, comma-separated `name` (any port) or `name:port` entries. */
    constructor(theiaHosts: string | undefined) {
        this.configured = new Set((theiaHosts ?? '').split(',').map(entry => entry.trim().toLowerCase()).filter(entry => entry.length > 0));
    }

    /** Whether a request with this `Host` header is served; a request without one comes from no browser. */
    allows(host: string | undefined): boolean {
        if (host === undefined || host === '') {
            return true;
        }
        const parts = HOST.exec(host.toLowerCase());
        return !!parts && this.allowsName(parts[1], parts[0]);
    }

    protected allowsName(hostname: string, host: string): boolean {
        const name = hostname.replace(/^\[(.*)\]$/, '$1');
        if (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) {
            return true;
        }
        if (this.configured.has(hostname) || this.configured.has(host)) {
            return true;
        }
        // Theia's webviews live on <uuid>.webview.<host> (THEIA_WEBVIEW_EXTERNAL_ENDPOINT's default).
        const webview = /^[a-z0-9-]+\.webview\.(.+)$/.exec(hostname);
        return !!webview && this.allowsName(webview[1], host.replace(/^[a-z0-9-]+\.webview\./, ''));
    }
}
