import { BinaryTarget, PackageDistribution, REGISTRY_PLATFORMS, RegistryDistribution, RegistryPlatform } from './registry-types';
import { archiveTypeOf, describe, isObject, isRelativeInside, isStringArray, Problems, resolveUrl } from './registry-values';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SHA256 = /^[0-9a-fA-F]{64}$/;

/** An entry's `distribution`: the kinds this client knows, each checked apart (a wrong one is dropped with a problem). */
export function parseDistribution(raw: unknown, label: string, baseUrl: string | undefined, problems: Problems): RegistryDistribution | undefined {
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
