import * as vscode from 'vscode';
import { CLIENT_PROFILES, ClientProfile } from '@ai-cli-companion/core';

/** Settings of the .vsix: `aiCli.<client>.enabled` per CLI profile, `aiCli.debugLogging`. */
export const SETTINGS_SECTION = 'aiCli';

export function clientEnabledSetting(profile: ClientProfile): string {
    return `${profile.id}.enabled`;
}

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
