import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { writePrivateFile } from '@ai-cli-companion/node-base';
import { fetchBytes, FetchError } from './registry-fetch';
import { parseRegistry } from './registry-format';
import { ParsedRegistry } from './registry-types';
import { checkSvgIcon, MAX_SVG_ICON_BYTES } from './svg-icon';

export const DEFAULT_REGISTRY_URL = 'https://cdn.agentclientprotocol.com/registry/v1/latest/registry.json';

export interface RegistryClientOptions {
    /** Where the last good copy of each registry URL is kept. Default `~/.config/ai-cli-companion/registry-cache`. */
    readonly cacheDir?: string;
    /** Default 15 s without a byte. */
    readonly timeoutMs?: number;
    /** Default 8 MiB (the public file is about 100 KB). */
    readonly maxBytes?: number;
}

/** The registry as read now, or as last read when the source could not be read. */
export interface RegistryListing extends ParsedRegistry {
    readonly url: string;
    /** True when the source could not be read (offline, an error, a malformed file) and this is the last good copy. */
    readonly cached: boolean;
    /** When this copy was fetched (ISO time). */
    readonly fetchedAt?: string;
}

interface CacheRecord {
    readonly url: string;
    readonly etag?: string;
    readonly fetchedAt: string;
    readonly body: string;
}

/**
 * Reads the ACP registry (`aiCliChat.registry.url`): an http(s) URL, a `file:` URL or an absolute path.
 * The last copy that parsed is kept with its ETag and sent back as If-None-Match; when the source cannot
 * be read, or gives something that is not a registry, that copy is served with `cached: true`.
 * `read` never throws: what went wrong is in `problems`.
 */
export class RegistryClient {
    readonly cacheDir: string;
    private readonly timeoutMs: number;
    private readonly maxBytes: number;

    constructor(options: RegistryClientOptions = {}) {
        this.cacheDir = options.cacheDir ?? path.join(os.homedir(), '.config', 'ai-cli-companion', 'registry-cache');
        this.timeoutMs = options.timeoutMs ?? 15_000;
        this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
    }

    async read(url: string = DEFAULT_REGISTRY_URL): Promise<RegistryListing> {
        const cached = await this.readCache(url);
        let fetched: Awaited<ReturnType<typeof fetchBytes>>;
        try {
            fetched = await fetchBytes(url, { timeoutMs: this.timeoutMs, maxBytes: this.maxBytes }, cached?.etag);
        } catch (error) {
            const reason = error instanceof FetchError ? error.message : `${url} could not be read: ${(error as Error).message}`;
            return this.fromCache(url, cached, reason);
        }
        if (fetched.notModified) {
            if (cached) {
                await this.writeCache({ ...cached, fetchedAt: new Date().toISOString() });
                return { url, cached: false, fetchedAt: new Date().toISOString(), ...parseRegistry(cached.body, url) };
            }
            return this.fromCache(url, undefined, `${url} answered 304 Not Modified to a request that had no ETag.`);
        }
        const body = fetched.body.toString('utf8');
        const parsed = parseRegistry(body, url);
        if (!isUsable(body)) {
            return this.fromCache(url, cached, `${url} is not a usable registry: ${parsed.problems[0] ?? 'no agents list'}`);
        }
        const fetchedAt = new Date().toISOString();
        await this.writeCache({ url, etag: fetched.etag, fetchedAt, body });
        return { url, cached: false, fetchedAt, ...parsed };
    }

    /** An icon URL from the registry, as SVG text that passed `checkSvgIcon`; undefined (never a throw) otherwise. */
    async fetchIcon(iconUrl: string): Promise<string | undefined> {
        try {
            const fetched = await fetchBytes(iconUrl, { timeoutMs: this.timeoutMs, maxBytes: MAX_SVG_ICON_BYTES });
            if (fetched.notModified) {
                return undefined;
            }
            const checked = checkSvgIcon(fetched.body.toString('utf8'));
            return 'svg' in checked ? checked.svg : undefined;
        } catch {
            return undefined;
        }
    }

    private fromCache(url: string, cached: CacheRecord | undefined, reason: string): RegistryListing {
        if (!cached) {
            return { url, cached: false, version: undefined, agents: [], extensions: [], problems: [reason] };
        }
        const parsed = parseRegistry(cached.body, url);
        return {
            ...parsed, url, cached: true, fetchedAt: cached.fetchedAt,
            problems: [`${reason} Showing the copy from ${cached.fetchedAt}.`, ...parsed.problems]
        };
    }

    private cacheFile(url: string): string {
        return path.join(this.cacheDir, `${crypto.createHash('sha256').update(url).digest('hex').slice(0, 32)}.json`);
    }

    private async readCache(url: string): Promise<CacheRecord | undefined> {
        try {
            const record = JSON.parse(await fs.promises.readFile(this.cacheFile(url), 'utf8')) as CacheRecord;
            return record.url === url && typeof record.body === 'string' && typeof record.fetchedAt === 'string' ? record : undefined;
        } catch {
            return undefined;
        }
    }

    private async writeCache(record: CacheRecord): Promise<void> {
        try {
            await writePrivateFile(this.cacheFile(record.url), JSON.stringify(record));
        } catch {
            // A cache that cannot be written costs only the offline copy.
        }
    }
}

/** A copy worth keeping: a JSON object with an agents array (wrong entries in it are skipped when read). */
function isUsable(body: string): boolean {
    try {
        const data = JSON.parse(body);
        return typeof data === 'object' && data !== null && Array.isArray(data.agents);
    } catch {
        return false;
    }
}
