import * as path from 'path';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { CLIENT_PROFILES, ClientProfile } from '@ai-cli-companion/core';
import { readJsoncObject } from '@ai-cli-companion/node-base';
import { clientEnabledPreference } from '../common/companion-preferences';

/**
 * The client profiles switched on before any window exists. Preferences live in the frontend; the
 * backend's startup server reads the same settings files (user, then each startup root's
 * `.theia/settings.json`) so a client switched off gets no discovery file even for a moment. Any of
 * them can switch a client off; none can switch on what another switched off (see clientEnabled).
 * The window applies the full preference resolution when it attaches.
 */
export function enabledProfilesAtStartup(configDirUri: string, roots: readonly string[]): ClientProfile[] {
    const files = [path.join(FileUri.fsPath(configDirUri), 'settings.json'), ...roots.map(root => path.join(root, '.theia', 'settings.json'))];
    const settings = files.map(readSettings);
    return CLIENT_PROFILES.filter(profile => {
        const key = clientEnabledPreference(profile.id);
        // A workspace (a cloned repository) may switch a client off, never back on against the user's "off".
        return !settings.some(s => s[key] === false);
    });
}

function readSettings(file: string): Record<string, unknown> {
    return readJsoncObject(file) ?? {};
}
