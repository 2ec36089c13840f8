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
