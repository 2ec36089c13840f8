import * as vscode from 'vscode';
import { ClientProfile, DiagnosisRequest, EditorWording, problemCount, renderConnectionReport } from '@ai-cli-companion/core';
import { ConnectionDiagnostics } from '@ai-cli-companion/core/node';
import type { CompanionEndpoint } from '@ai-cli-companion/core/node';
import { runCommandTitle } from './cli-commands';
import type { CompanionOutput } from './companion-output';
import { SETTINGS_SECTION, clientEnabledSetting } from './companion-settings';

export const DIAGNOSE_COMMAND = 'aiCli.diagnoseConnection';
export const COPY_REPORT = 'Copy report';

/** The .vsix's words in the fixes: its palette titles (category "AI CLI") and its settings. */
export function vsixWording(appName: string): EditorWording {
    return {
        editorName: appName,
        settingsName: 'Settings',
        runCommand: profile => `AI CLI: ${runCommandTitle(profile)}`,
        enabledSetting: profile => `${SETTINGS_SECTION}.${clientEnabledSetting(profile)}`,
        installFix: (profile: ClientProfile, npmPackage: string) => `Install it with "npm install -g ${npmPackage}" in a terminal, then run "AI CLI: ${runCommandTitle(profile)}".`
    };
}

/**
 * Diagnose Connection, the same checks as the Theia extension's (the core's): the report goes to the
 * "AI CLI Companion" output channel, and a notification offers to copy it for a bug report.
 */
export function registerDiagnoseConnection(endpoint: CompanionEndpoint, log: CompanionOutput, extensionVersion?: string,
    diagnostics = new ConnectionDiagnostics({ wording: vsixWording(vscode.env.appName) })): vscode.Disposable {
    return vscode.commands.registerCommand(DIAGNOSE_COMMAND, async () => {
        try {
            const diagnosis = await diagnostics.diagnose(await diagnosisRequest(endpoint));
            const report = renderConnectionReport(diagnosis, { application: vscode.env.appName, extensionVersion });
            log.info(`Connection diagnosis:\n${report}`);
            log.show();
            const { errors, warnings } = problemCount(diagnosis);
            const choice = errors + warnings === 0
                ? await vscode.window.showInformationMessage('Connection diagnosis: everything checks out.', COPY_REPORT)
                : await vscode.window.showWarningMessage(`Connection diagnosis: ${errors} error(s), ${warnings} warning(s); fixes are in the output.`, COPY_REPORT);
            if (choice === COPY_REPORT) {
                await vscode.env.clipboard.writeText(report);
            }
            return report;
        } catch (error) {
            log.error(`Diagnose Connection failed: ${(error as Error).stack ?? error}`);
            vscode.window.showErrorMessage(`Diagnose Connection failed: ${(error as Error).message}`);
            return undefined;
        }
    });
}

async function diagnosisRequest(endpoint: CompanionEndpoint): Promise<DiagnosisRequest> {
    const terminals = vscode.window.terminals;
    const shellPids = await Promise.all(terminals.map(terminal => terminal.processId));
    const active = vscode.window.activeTerminal ?? terminals[terminals.length - 1];
    const activePid = active && shellPids[terminals.indexOf(active)];
    return {
        // The command exists only while the server runs (it is disposed with it).
        status: { ...endpoint.status(), running: true },
        roots: (vscode.workspace.workspaceFolders ?? []).filter(folder => folder.uri.scheme === 'file').map(folder => folder.uri.fsPath),
        activeTerminal: active && activePid ? { shellPid: activePid, title: active.name } : undefined,
        terminalShellPids: shellPids.filter((pid): pid is number => typeof pid === 'number')
    };
}
