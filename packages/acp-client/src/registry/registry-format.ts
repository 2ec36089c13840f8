import { checkSvgIcon } from './svg-icon';
import { parseDistribution } from './registry-distribution';
import { ParsedRegistry, RegistryAgent } from './registry-types';
import { describe, isHttpUrl, isObject, isStringArray, Problems, resolveUrl } from './registry-values';

const ID = /^[a-z][a-z0-9-]*$/;
/** Semver-like as the schema says, and also safe as one path segment (the unpack folder is named after it). */
const VERSION = /^[0-9]+\.[0-9]+\.[0-9]+[0-9A-Za-z.+-]*$/;
const MAX_ID = 100;
const MAX_VERSION = 64;
const MAX_NAME = 200;
const MAX_DESCRIPTION = 2000;
const MAX_LIST = 10_000;

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
