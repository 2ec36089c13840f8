/** Headers that let an allow-listed browser origin read our answers; never sent for any other origin. */
export function corsHeaders(origin: string): Record<string, string> {
    return {
        'access-control-allow-origin': origin,
        'access-control-expose-headers': 'content-type',
        'vary': 'Origin'
    };
}

/** The answer to a preflight from an allow-listed origin (browsers send no token on a preflight). */
export function preflightHeaders(origin: string, methods: readonly string[], maxAgeSeconds = 600): Record<string, string> {
    return {
        ...corsHeaders(origin),
        'access-control-allow-methods': methods.join(', '),
        'access-control-allow-headers': 'authorization, content-type, accept, last-event-id',
        'access-control-max-age': String(maxAgeSeconds)
    };
}

/** An origin as a browser sends it (scheme and host, optional port); `null`, `*` and paths are not origins. */
export function isValidOrigin(origin: string): boolean {
    return /^https?:\/\/[^/\s]+\/?$/.test(origin);
}
