// What package.json contributes per CLI, derived from the client profiles (the agent table): scripts/write-manifest.mjs
// writes it at build time and extension-manifest.spec.ts checks package.json holds exactly it. No `vscode` import.
import { CLIENT_PROFILES, ClientProfile, transportTraits } from '@ai-cli-companion/core';

export const COMMAND_CATEGORY = 'AI CLI';
export const SETTINGS_SECTION = 'aiCli';

export const runCommandId = (profile: ClientProfile) => `aiCli.run.${profile.id}`;
/** The title package.json gives the run command (palette: "AI CLI: Run Gemini CLI"). */
export const runCommandTitle = (profile: ClientProfile) => `Run ${profile.displayName}`;
export const enableIdeModeCommandId = (profile: ClientProfile) => `aiCli.enableIdeMode.${profile.id}`;
export const clientEnabledSetting = (profile: ClientProfile) => `${profile.id}.enabled`;

export interface ManifestCommand { readonly command: string; readonly title: string; readonly category: string }

/** Run <CLI> for every profile, then Enable IDE Mode for <CLI> where the CLI has that switch (Claude Code has none). */
export function profileCommands(profiles: readonly ClientProfile[] = CLIENT_PROFILES): ManifestCommand[] {
    return [
        ...profiles.map(profile => ({ command: runCommandId(profile), title: runCommandTitle(profile), category: COMMAND_CATEGORY })),
        ...profiles.filter(profile => profile.userSettings)
            .map(profile => ({ command: enableIdeModeCommandId(profile), title: `Enable IDE Mode for ${profile.displayName}`, category: COMMAND_CATEGORY }))
    ];
}

/** `aiCli.<id>.enabled` for every profile. */
export function profileSettings(profiles: readonly ClientProfile[] = CLIENT_PROFILES): Record<string, { type: 'boolean'; default: true; description: string }> {
    return Object.fromEntries(profiles.map(profile => [`${SETTINGS_SECTION}.${clientEnabledSetting(profile)}`, {
        type: 'boolean', default: true, description: transportTraits(profile).enabledSetting(profile.displayName)
    }]));
}

/** Whether a contributed command or setting is one of the per-profile ones (the rest of package.json is written by hand). */
export function isProfileContribution(name: string): boolean {
    return /^aiCli\.(run|enableIdeMode)\.|^aiCli\.[^.]+\.enabled$/.test(name);
}
