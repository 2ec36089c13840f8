import * as path from 'path';
import { pathToFileURL } from 'url';
import { checkSvgIcon } from './svg-icon';

/** The platform keys of a `binary` distribution (FORMAT.md "Platform Targets"). */
export const REGISTRY_PLATFORMS = [
    'darwin-aarch64', 'darwin-x86_64', 'linux-aarch64', 'linux-x86_64', 'windows-aarch64', 'windows-x86_64'
] as const;
export type RegistryPlatform = typeof REGISTRY_PLATFORMS[number];

/** One platform's archive: unpacked, then `cmd` (relative to the unpacked folder) runs with `args` and `env`. */
export interface BinaryTarget {
    /** Absolute http(s) or file URL (a relative one is resolved against the registry's own URL). */
    readonly archive: string;
    readonly archiveType: ArchiveType;
    readonly cmd: string;
    readonly args: readonly string[];
    readonly env: Readonly<Record<string, string>>;
    /** Lower-case hex. Without it the archive cannot be verified, so it is never installed. */
    readonly sha256?: string;
}

export type ArchiveType = 'tar.gz' | 'zip';

/** An `npx` or `uvx` package, pinned as the registry pins it (`@scope/name@1.2.3`, `name==1.2.3`). */
export interface PackageDistribution {
    readonly package: string;
    readonly args: readonly string[];
    readonly env: Readonly<Record<string, string>>;
}

export interface RegistryDistribution {
    readonly binary?: Readonly<Partial<Record<RegistryPlatform, BinaryTarget>>>;
    readonly npx?: PackageDistribution;
    readonly uvx?: PackageDistribution;
}

/** An agent (or extension) of the registry, as far as it was valid. */
export interface RegistryAgent {
    readonly id: string;
    readonly name: string;
    readonly version: string;
    readonly description: string;
    /** Inline SVG text that passed `checkSvgIcon`; the registry normally gives a URL instead (`iconUrl`). */
    readonly iconSvg?: string;
    /** The icon's http(s)/file URL: fetch it with `RegistryClient.fetchIcon`, which checks it the same way. */
    readonly iconUrl?: string;
    readonly repository?: string;
    readonly license?: string;
    readonly authors?: readonly string[];
    readonly distribution: RegistryDistribution;
}

export interface ParsedRegistry {
    /** The registry's own format version (`"1.0.0"`); undefined when it was missing or wrong. */
    readonly version: string | undefined;
    readonly agents: readonly RegistryAgent[];
    readonly extensions: readonly RegistryAgent[];
    /** One line per thing skipped, naming what was wrong; the rest is still usable. */
    readonly problems: readonly string[];
}

const ID = /^[a-z][a-z0-9-]*$/;
/** Semver-like as the schema says, and also safe as one path segment (the unpack folder is named after it). */
const VERSION = /^[0-9]+\.[0-9]+\.[0-9]+[0-9A-Za-z.+-]*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SHA256 = /^[0-9a-fA-F]{64}$/;
const MAX_ID = 100;
const MAX_VERSION = 64;
const MAX_NAME = 200;
const MAX_DESCRIPTION = 2000;
const MAX_LIST = 10_000;

type Problems = string[];

/**
 * Reads a registry file (`{version, agents[], extensions[]}`, FORMAT.md). Never throws: a malformed file
 * gives empty lists and a problem, a wrong entry (or a wrong distribution of an entry) is skipped with a
 * problem that names it and what was wrong, and everything else is kept.
 * @param baseUrl the registry's own URL, against which relative archive and icon URLs are resolved.
 */
export function parseRegistry(input: unknown, baseUrl?: string): ParsedRegistry {
    const problems: Problems = [];
    let data = input;
    if (typeof input === 'string') {
        try {
            data = JSON.parse(input);
        } catch (error) {
            return { version: undefined, agents: [], extensions: [], problems: [`The registry is not JSON: ${(error as Error).message}`] };
        }
    }
    if (!isObject(data)) {
        return { version: undefined, agents: [], extensions: [], problems: [`The registry must be a JSON object, not ${describe(data)}.`] };
    }
    let version: string | undefined;
    if (typeof data.version === 'string' && VERSION.test(data.version)) {
        version = data.version;
    } else {
        problems.push(`The registry's "version" should be a version like "1.0.0", not ${describe(data.version)}.`);
    }
    const agents = parseList(data.agents, 'agents', baseUrl, problems);
    const extensions = data.extensions === undefined ? [] : parseList(data.extensions, 'extensions', baseUrl, problems);
    return { version, agents, extensions, problems };
}

function parseList(list: unknown, key: string, baseUrl: string | undefined, problems: Problems): RegistryAgent[] {
    if (!Array.isArray(list)) {
        problems.push(`The registry's "${key}" must be an array, not ${describe(list)}.`);
        return [];
    }
    if (list.length > MAX_LIST) {
        problems.push(`The registry's "${key}" has ${list.length} entries; only the first ${MAX_LIST} are read.`);
    }
    const seen = new Set<string>();
    const entries: RegistryAgent[] = [];
    for (const [index, raw] of list.slice(0, MAX_LIST).entries()) {
        const entry = parseEntry(raw, `${key}[${index}]`, baseUrl, problems);
        if (!entry) {
            continue;
        }
        if (seen.has(entry.id)) {
            problems.push(`${key}[${index}] (${entry.id}): skipped, the id "${entry.id}" appears earlier in the list.`);
            continue;
        }
        seen.add(entry.id);
        entries.push(entry);
    }
    return entries;
}

function parseEntry(raw: unknown, where: string, baseUrl: string | undefined, problems: Problems): RegistryAgent | undefined {
    if (!isObject(raw)) {
        problems.push(`${where}: skipped, an entry must be an object, not ${describe(raw)}.`);
        return undefined;
    }
    if (typeof raw.id !== 'string' || !ID.test(raw.id) || raw.id.length > MAX_ID) {
        problems.push(`${where}: skipped, "id" must be lower-case letters, digits and hyphens, starting with a letter (got ${describe(raw.id)}).`);
        return undefined;
    }
    const label = `${where} (${raw.id})`;
    const text = (key: string, max: number): string | undefined => {
        const value = raw[key];
        if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
            problems.push(`${label}: skipped, "${key}" must be a non-empty string of at most ${max} characters (got ${describe(value)}).`);
            return undefined;
        }
        return value;
    };
    const name = text('name', MAX_NAME);
    if (name === undefined) {
        return undefined;
    }
    if (typeof raw.version !== 'string' || !VERSION.test(raw.version) || raw.version.length > MAX_VERSION) {
        problems.push(`${label}: skipped, "version" must look like "1.2.3" (got ${describe(raw.version)}).`);
        return undefined;
    }
    const description = text('description', MAX_DESCRIPTION);
    if (description === undefined) {
        return undefined;
    }
    const distribution = parseDistribution(raw.distribution, label, baseUrl, problems);
    if (!distribution) {
        return undefined;
    }
    const icon = parseIcon(raw.icon, label, baseUrl, problems);
    return {
        id: raw.id, name: name.trim(), version: raw.version, description: description.trim(), ...icon, distribution,
        ...(typeof raw.repository === 'string' && isHttpUrl(raw.repository) ? { repository: raw.repository } : {}),
        ...(typeof raw.license === 'string' ? { license: raw.license.slice(0, MAX_NAME) } : {}),
        ...(isStringArray(raw.authors) ? { authors: raw.authors.slice(0, 50).map(author => author.slice(0, MAX_NAME)) } : {})
    };
}

function parseDistribution(raw: unknown, label: string, baseUrl: string | undefined, problems: Problems): RegistryDistribution | undefined {
    if (!isObject(raw)) {
        problems.push(`${label}: skipped, "distribution" must be an object, not ${describe(raw)}.`);
        return undefined;
    }
    const distribution: { -readonly [K in keyof RegistryDistribution]: RegistryDistribution[K] } = {};
    for (const [kind, value] of Object.entries(raw)) {
        if (kind === 'binary') {
            distribution.binary = parseBinary(value, label, baseUrl, problems);
        } else if (kind === 'npx' || kind === 'uvx') {
            distribution[kind] = parsePackage(value, `${label} distribution.${kind}`, problems);
        } else {
            problems.push(`${label}: distribution "${kind.slice(0, 40)}" is not one this client knows (binary, npx, uvx); ignored.`);
        }
    }
    if (!distribution.binary && !distribution.npx && !distribution.uvx) {
        problems.push(`${label}: skipped, it has no usable distribution.`);
        return undefined;
    }
    return distribution;
}

function parseBinary(raw: unknown, label: string, baseUrl: string | undefined, problems: Problems): RegistryDistribution['binary'] {
    if (!isObject(raw)) {
        problems.push(`${label} distribution.binary: ignored, it must be an object keyed by platform, not ${describe(raw)}.`);
        return undefined;
    }
    const targets: Partial<Record<RegistryPlatform, BinaryTarget>> = {};
    for (const [platform, value] of Object.entries(raw)) {
        const where = `${label} distribution.binary.${platform.slice(0, 40)}`;
        if (!(REGISTRY_PLATFORMS as readonly string[]).includes(platform)) {
            problems.push(`${where}: ignored, the platform must be one of ${REGISTRY_PLATFORMS.join(', ')}.`);
            continue;
        }
        const target = parseBinaryTarget(value, where, baseUrl, problems);
        if (target) {
            targets[platform as RegistryPlatform] = target;
        }
    }
    return Object.keys(targets).length ? targets : undefined;
}

function parseBinaryTarget(raw: unknown, where: string, baseUrl: string | undefined, problems: Problems): BinaryTarget | undefined {
    if (!isObject(raw)) {
        problems.push(`${where}: ignored, it must be an object, not ${describe(raw)}.`);
        return undefined;
    }
    const archive = typeof raw.archive === 'string' ? resolveUrl(raw.archive, baseUrl) : undefined;
    if (!archive) {
        problems.push(`${where}: ignored, "archive" must be an http(s) or file URL (got ${describe(raw.archive)}).`);
        return undefined;
    }
    const archiveType = archiveTypeOf(archive);
    if (!archiveType) {
        problems.push(`${where}: ignored, the archive ${archive} is not a .tar.gz, .tgz or .zip.`);
        return undefined;
    }
    if (typeof raw.cmd !== 'string' || !isRelativeInside(raw.cmd)) {
        problems.push(`${where}: ignored, "cmd" must be a path inside the unpacked archive, such as "./agent" (got ${describe(raw.cmd)}).`);
        return undefined;
    }
    if (raw.sha256 !== undefined && (typeof raw.sha256 !== 'string' || !SHA256.test(raw.sha256))) {
        problems.push(`${where}: ignored, "sha256" must be 64 hex digits (got ${describe(raw.sha256)}).`);
        return undefined;
    }
    const launch = parseLaunch(raw, where, problems);
    if (!launch) {
        return undefined;
    }
    return {
        archive, archiveType, cmd: raw.cmd, ...launch,
        ...(typeof raw.sha256 === 'string' ? { sha256: raw.sha256.toLowerCase() } : {})
    };
}

function parsePackage(raw: unknown, where: string, problems: Problems): PackageDistribution | undefined {
    if (!isObject(raw)) {
        problems.push(`${where}: ignored, it must be an object, not ${describe(raw)}.`);
        return undefined;
    }
    // A package starting with "-" would be read by npx/uvx as an option of their own.
    if (typeof raw.package !== 'string' || raw.package.trim() === '' || raw.package.startsWith('-') || /\s/.test(raw.package) || raw.package.length > 300) {
        problems.push(`${where}: ignored, "package" must be a package name without spaces, not starting with "-" (got ${describe(raw.package)}).`);
        return undefined;
    }
    const launch = parseLaunch(raw, where, problems);
    return launch && { package: raw.package, ...launch };
}

function parseLaunch(raw: Record<string, unknown>, where: string, problems: Problems): { args: string[]; env: Record<string, string> } | undefined {
    if (raw.args !== undefined && !isStringArray(raw.args)) {
        problems.push(`${where}: ignored, "args" must be an array of strings (got ${describe(raw.args)}).`);
        return undefined;
    }
    const env: Record<string, string> = {};
    if (raw.env !== undefined) {
        if (!isObject(raw.env)) {
            problems.push(`${where}: ignored, "env" must map names to strings (got ${describe(raw.env)}).`);
            return undefined;
        }
        for (const [key, value] of Object.entries(raw.env)) {
            if (!ENV_NAME.test(key) || typeof value !== 'string') {
                problems.push(`${where}: ignored, "env" must map variable names to strings (bad entry ${describe(key)}).`);
                return undefined;
            }
            env[key] = value;
        }
    }
    return { args: (raw.args as string[] | undefined) ?? [], env };
}

function parseIcon(raw: unknown, label: string, baseUrl: string | undefined, problems: Problems): { iconSvg?: string; iconUrl?: string } {
    if (raw === undefined) {
        return {};
    }
    if (typeof raw !== 'string') {
        problems.push(`${label}: icon ignored, it must be a string (got ${describe(raw)}).`);
        return {};
    }
    if (raw.trimStart().startsWith('<')) {
        const checked = checkSvgIcon(raw);
        if ('problem' in checked) {
            problems.push(`${label}: icon ignored, ${checked.problem}`);
            return {};
        }
        return { iconSvg: checked.svg };
    }
    const url = resolveUrl(raw, baseUrl);
    if (!url) {
        problems.push(`${label}: icon ignored, it must be SVG text or an http(s) or file URL (got ${describe(raw)}).`);
        return {};
    }
    return { iconUrl: url };
}

/**
 * `baseUrl` may be a URL or an absolute path (the registry read from a file). A registry served over
 * http(s) may only name http(s) URLs; `file:` ones are for a registry that is itself a local file.
 */
function resolveUrl(value: string, baseUrl: string | undefined): string | undefined {
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

function isHttpUrl(value: string): boolean {
    return /^https?:\/\//i.test(value) && value.length <= 2000;
}

function isObject(value: unknown): value is Record<string, unknown> {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
    return Array.isArray(value) && value.every(item => typeof item === 'string');
}

/** A short description of a wrong value for a message (never the whole value: it may be huge). */
function describe(value: unknown): string {
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
