import type { CompanionStatus } from './companion-protocol';

/** What the window knows and the backend needs for Diagnose Connection. */
export interface DiagnosisRequest {
    /** The window's companion server, as CompanionService.getStatus() reports it. */
    readonly status: CompanionStatus;
    /** Workspace roots of the window (file-system paths). */
    readonly roots: string[];
    /** The active (or last used) terminal's shell, if the window has one. */
    readonly activeTerminal?: { readonly shellPid: number; readonly title: string };
    /** Every terminal shell of the window, to find the connected CLIs' processes. */
    readonly terminalShellPids: number[];
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
