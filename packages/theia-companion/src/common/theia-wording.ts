import type { ClientProfile, EditorWording } from '@ai-cli-companion/core';
import { clientEnabledPreference } from './companion-preferences';

/** How Theia names what Diagnose Connection's fixes point at: the commands of this extension, its preferences. */
export const THEIA_WORDING: EditorWording = {
    editorName: 'Theia',
    settingsName: 'Preferences',
    runCommand: profile => runCommandLabel(profile),
    enabledSetting: profile => clientEnabledPreference(profile.id),
    installFix: (profile, npmPackage) => `Run "${runCommandLabel(profile)}" and choose Install with npm (${npmPackage}), or Run once with npx.`
};

export function runCommandLabel(profile: ClientProfile): string {
    return `Run ${profile.displayName} in Terminal`;
}
