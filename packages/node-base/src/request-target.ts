/** The path and query of a request, split without `new URL` (which throws on targets such as `//[`). */
export interface RequestTarget {
    readonly pathname: string;
    readonly searchParams: URLSearchParams;
}

/**
 * Splits an origin-form request target (`/path?query`); undefined for anything else (`*`,
 * absolute-form, a path that does not start with `/`), which the caller answers with 400. Never throws:
 * the target is sent by whoever connects, before any token is checked.
 */
export function parseRequestTarget(target: string | undefined): RequestTarget | undefined {
    if (!target || !target.startsWith('/')) {
        return undefined;
    }
    const queryStart = target.indexOf('?');
    const pathname = queryStart < 0 ? target : target.slice(0, queryStart);
    const hashStart = pathname.indexOf('#');
    return {
        pathname: hashStart < 0 ? pathname : pathname.slice(0, hashStart),
        searchParams: new URLSearchParams(queryStart < 0 ? '' : target.slice(queryStart + 1))
    };
}
