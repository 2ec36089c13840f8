// Checks of the single values a registry entry names (URLs, archive types, paths inside a folder), and how a
// wrong value is described in a problem line: shared by the entry and distribution parsers.
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { ArchiveType } from './registry-types';

/** What the parsers found wrong, one line each. */
export type Problems = string[];

/**
 * `baseUrl` may be a URL or an absolute path (the registry read from a file). A registry served over
 * http(s) may only name http(s) URLs; `file:` ones are for a registry that is itself a local file.
 */
export function resolveUrl(value: string, baseUrl: string | undefined): string | undefined {
    if (value.length > 2000) {
        return undefined;
    }
    let url: URL;
    let base: URL | undefined;
    try {
        base = baseUrl === undefined ? undefined : path.isAbsolute(baseUrl) ? pathToFileURL(baseUrl) : new URL(baseUrl);
        url = new URL(value, base);
    } catch {
        return undefined;
    }
    const allowed = base?.protocol === 'file:' ? ['https:', 'http:', 'file:'] : ['https:', 'http:'];
    return allowed.includes(url.protocol) ? url.href : undefined;
}

export function archiveTypeOf(url: string): ArchiveType | undefined {
    let pathname: string;
    try {
        pathname = new URL(url).pathname.toLowerCase();
    } catch {
        return undefined;
    }
    return pathname.endsWith('.tar.gz') || pathname.endsWith('.tgz') ? 'tar.gz' : pathname.endsWith('.zip') ? 'zip' : undefined;
}

/** A relative path that stays inside its folder on every platform: no absolute path, drive, `..` segment or NUL. */
export function isRelativeInside(candidate: string): boolean {
    if (candidate === '' || candidate.length > 1000 || candidate.includes('\0')) {
        return false;
    }
    if (candidate.startsWith('/') || candidate.startsWith('\\') || /^[A-Za-z]:/.test(candidate)) {
        return false;
    }
    const segments = candidate.split(/[\\/]+/).filter(segment => segment !== '' && segment !== '.');
    return segments.length > 0 && !segments.includes('..');
}

export function isHttpUrl(value: string): boolean {
    return /^https?:\/\//i.test(value) && value.length <= 2000;
}

export function isObject(value: unknown): value is Record<string, unknown> {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStringArray(value: unknown): value is string[] {
    return Array.isArray(value) && value.every(item => typeof item === 'string');
}

/** A short description of a wrong value for a message (never the whole value: it may be huge). */
export function describe(value: unknown): string {
    if (value === undefined) {
        return 'nothing';
    }
    if (value === null) {
        return 'null';
    }
    if (Array.isArray(value)) {
        return 'an array';
    }
    if (typeof value === 'object') {
        return 'an object';
    }
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
