import * as os from 'os';
import * as path from 'path';
import { ClientProfile, HomeRelativePath } from '../common/client-profiles';

/** The process environment and home/tmp directories, injectable so tests need no global state. */
export interface HostEnvironment {
    readonly env: NodeJS.ProcessEnv;
    readonly homedir: string;
    readonly tmpdir: string;
}

export function currentHostEnvironment(): HostEnvironment {
    return { env: process.env, homedir: os.homedir(), tmpdir: os.tmpdir() };
}

/** Resolves a home-relative path the way the CLIs do: `~` expansion, relative to cwd, home fallback. */
export function resolveHomeRelative(location: HomeRelativePath, host: HostEnvironment): string {
    const override = location.overrideEnv ? host.env[location.overrideEnv] : undefined;
    if (override) {
        const expanded = override === '~' ? host.homedir
            : override.startsWith('~/') ? path.join(host.homedir, override.slice(2))
            : override;
        return path.resolve(expanded, ...location.segments);
    }
    return path.join(host.homedir, location.homeDir, ...location.segments);
}

export function discoveryDirectory(profile: ClientProfile, host: HostEnvironment): string {
    const layout = profile.discovery;
    return layout.base === 'tmpdir'
        ? path.join(host.tmpdir, ...layout.segments)
        : resolveHomeRelative(layout.home, host);
}

/** Every directory the profile's discovery file is written to: the main one, then a mirror if its variable is set. */
export function discoveryDirectories(profile: ClientProfile, host: HostEnvironment): string[] {
    const layout = profile.discovery;
    const mirror = layout.base === 'home' && layout.mirror && host.env[layout.mirror.overrideEnv] ? resolveHomeRelative(layout.mirror, host) : undefined;
    const main = discoveryDirectory(profile, host);
    return mirror && mirror !== main ? [main, mirror] : [main];
}

/** The parent of `directory` that is not ours to judge (see discoveryBaseDirectory), for a mirror directory. */
export function trustedBaseOf(profile: ClientProfile, host: HostEnvironment, directory: string): string {
    return directory === discoveryDirectory(profile, host) ? discoveryBaseDirectory(profile, host) : path.dirname(path.dirname(directory));
}

/**
 * The directory the discovery directory is created below, and which is not ours to judge: the temp
 * directory (a shared, sticky `/tmp` is fine), or the parent of the CLI's home directory.
 */
export function discoveryBaseDirectory(profile: ClientProfile, host: HostEnvironment): string {
    const layout = profile.discovery;
    return layout.base === 'tmpdir'
        ? host.tmpdir
        : path.dirname(resolveHomeRelative({ ...layout.home, segments: [] }, host));
}
