import { URI } from '@theia/core/lib/common/uri';

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/**
 * What a link or path from an agent's content (markdown, tool-call locations) may open: an `http(s)` URL,
 * or a file inside one of the workspace roots, given as a `file:` URI, an absolute path or a path relative
 * to the first root. Anything else (`command:`, `vscode:`, `javascript:`, a file outside the workspace) is
 * undefined: the chat shows it as text.
 */
export function agentLinkTarget(href: string, roots: readonly URI[]): URI | undefined {
    try {
        return linkTarget(href, roots);
    } catch {
        return undefined; // a URI the parser refuses opens nothing
    }
}

function linkTarget(href: string, roots: readonly URI[]): URI | undefined {
    const link = href.trim();
    const scheme = SCHEME.exec(link)?.[1]?.toLowerCase();
    if (scheme === 'http' || scheme === 'https') {
        return new URI(link).withScheme(scheme);
    }
    if (scheme === 'file') {
        return insideWorkspace(new URI(link).withoutQuery().withoutFragment(), roots);
    }
    if (scheme !== undefined || link === '' || link.startsWith('#') || link.startsWith('//')) {
        return undefined;
    }
    const path = decoded(link.replace(/[?#].*$/, ''));
    if (path.startsWith('/')) {
        return insideWorkspace(URI.fromFilePath(path), roots);
    }
    const root = roots.find(candidate => candidate.scheme === 'file');
    return root && insideWorkspace(root.resolve(path), roots);
}

/** A workspace file the agent names by path (tool-call `locations`), or undefined when it is outside. */
export function agentFileTarget(path: string, roots: readonly URI[]): URI | undefined {
    return path.startsWith('/') ? insideWorkspace(URI.fromFilePath(path), roots) : agentLinkTarget(path, roots);
}

function insideWorkspace(uri: URI, roots: readonly URI[]): URI | undefined {
    const normalized = uri.normalizePath();
    return roots.some(root => root.scheme === normalized.scheme && root.normalizePath().isEqualOrParent(normalized)) ? normalized : undefined;
}

function decoded(text: string): string {
    try {
        return decodeURIComponent(text);
    } catch {
        return text;
    }
}
