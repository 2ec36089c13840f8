import type { ClientProfile } from './client-profiles';
import type { EndpointStatus } from './endpoint-status';

/** What the window knows and the checks need for Diagnose Connection. */
export interface DiagnosisRequest {
    /** The window's companion server; not running: no server attached. */
    readonly status: EndpointStatus & { readonly running: boolean };
    /** Workspace roots of the window (file-system paths). */
    readonly roots: readonly string[];
    /** The active (or last used) terminal's shell, if the window has one. */
    readonly activeTerminal?: { readonly shellPid: number; readonly title: string };
    /** Every terminal shell of the window, to find the connected CLIs' processes. */
    readonly terminalShellPids: readonly number[];
}

export type CheckStatus = 'ok' | 'warning' | 'error' | 'info';

/** One finding, and what to do about it when it is not ok. */
export interface DiagnosisCheck {
    readonly status: CheckStatus;
    readonly title: string;
    readonly details?: string[];
    readonly fix?: string;
}

export interface DiagnosisSection {
    readonly title: string;
    readonly checks: DiagnosisCheck[];
}

export interface ConnectionDiagnosis {
    readonly createdAt: string;
    readonly sections: DiagnosisSection[];
}

/** The editor's own words in the fixes: its command titles and setting names. */
export interface EditorWording {
    /** Where the diffs open: 'Theia', 'VS Code'. */
    readonly editorName: string;
    /** Where the user changes a setting: 'Preferences', 'Settings'. */
    readonly settingsName: string;
    /** The title of the command that opens a terminal running the CLI. */
    runCommand(profile: ClientProfile): string;
    /** The setting that lets the CLI connect to this window. */
    enabledSetting(profile: ClientProfile): string;
    /** What to do when the CLI, which `npmPackage` installs, is not installed. */
    installFix(profile: ClientProfile, npmPackage: string): string;
}
