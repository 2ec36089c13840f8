import * as vscode from 'vscode';
import { CLIENT_PROFILES, ClientProfile } from '@ai-cli-companion/core';
import { clientEnabledSetting, SETTINGS_SECTION } from './manifest-contributions';

/** Settings of the .vsix: `aiCli.<client>.enabled` per CLI profile (manifest-contributions.ts), `aiCli.debugLogging`. */
export { clientEnabledSetting, SETTINGS_SECTION } from './manifest-contributions';

export function enabledProfiles(configuration = vscode.workspace.getConfiguration(SETTINGS_SECTION)): ClientProfile[] {
    return CLIENT_PROFILES.filter(profile => configuration.get<boolean>(clientEnabledSetting(profile), true));
}

export function debugLogging(configuration = vscode.workspace.getConfiguration(SETTINGS_SECTION)): boolean {
    return configuration.get<boolean>('debugLogging', false);
}

/** True when a change touches a setting that decides which CLIs may connect. */
export function affectsProfiles(event: vscode.ConfigurationChangeEvent): boolean {
    return CLIENT_PROFILES.some(profile => event.affectsConfiguration(`${SETTINGS_SECTION}.${clientEnabledSetting(profile)}`));
}
