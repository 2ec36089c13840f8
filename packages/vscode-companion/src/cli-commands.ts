import * as vscode from 'vscode';
import { CLIENT_PROFILES, ClientProfile } from '@ai-cli-companion/core';
import { CliSettingsFile } from '@ai-cli-companion/core/node';
import type { CompanionEndpoint } from '@ai-cli-companion/core/node';
import type { CompanionOutput } from './companion-output';
import { enableIdeModeCommandId, runCommandId } from './manifest-contributions';
import { SHOW_STATUS_COMMAND } from './status-bar';

export { enableIdeModeCommandId, runCommandId, runCommandTitle } from './manifest-contributions';

/** Run <CLI> (a terminal in the chosen folder), Enable IDE Mode for <CLI>, Show Companion Status. */
export function registerCliCommands(endpoint: CompanionEndpoint, log: CompanionOutput): vscode.Disposable[] {
    return [
        ...CLIENT_PROFILES.map(profile => vscode.commands.registerCommand(runCommandId(profile), () => runInTerminal(profile, endpoint, log))),
        ...CLIENT_PROFILES.filter(profile => profile.userSettings)
            .map(profile => vscode.commands.registerCommand(enableIdeModeCommandId(profile), () => enableIdeMode(profile, log))),
        vscode.commands.registerCommand(SHOW_STATUS_COMMAND, () => showStatus(endpoint, log))
    ];
}

async function runInTerminal(profile: ClientProfile, endpoint: CompanionEndpoint, log: CompanionOutput): Promise<vscode.Terminal | undefined> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const folder = folders.length > 1 ? await vscode.window.showWorkspaceFolderPick({ placeHolder: `Folder to run ${profile.displayName} in` }) : folders[0];
    if (folders.length > 1 && !folder) {
        return undefined;
    }
    // Passed explicitly as well: the collection applies to terminals created later, and only by folder.
    const terminal = vscode.window.createTerminal({ name: profile.displayName, cwd: folder?.uri, env: endpoint.terminalEnv() });
    terminal.show();
    terminal.sendText(profile.command);
    log.info(`Started ${profile.command} in a terminal${folder ? ` in ${folder.uri.fsPath}` : ''}`);
    if (!new CliSettingsFile(profile).isIdeModeEnabled()) {
        vscode.window.showInformationMessage(
            `${profile.displayName} is not in IDE mode yet: type /ide enable once in its prompt, or run "Enable IDE Mode for ${profile.displayName}".`);
    }
    return terminal;
}

async function enableIdeMode(profile: ClientProfile, log: CompanionOutput): Promise<void> {
    const settings = new CliSettingsFile(profile);
    try {
        settings.enableIdeMode();
        log.info(`ide.enabled set to true in ${settings.path}`);
        vscode.window.showInformationMessage(`IDE mode is on for ${profile.displayName} (${settings.path}). It applies to CLIs started from now on.`);
    } catch (error) {
        vscode.window.showErrorMessage(`Cannot enable IDE mode for ${profile.displayName}: ${(error as Error).message}`);
    }
}

async function showStatus(endpoint: CompanionEndpoint, log: CompanionOutput): Promise<void> {
    const status = endpoint.status();
    type Item = vscode.QuickPickItem & { run?: () => unknown };
    const items: Item[] = [
        { label: `$(pass) Listening on 127.0.0.1:${status.port}`, description: status.workspacePath || '(no folder open)' },
        ...status.sessions.map(session => ({ label: `$(plug) ${session.clientId}`, description: `session ${session.id} since ${new Date(session.since).toLocaleTimeString()}` })),
        ...(status.lastError ? [{ label: '$(warning) Last error', description: status.lastError }] : []),
        ...CLIENT_PROFILES.filter(p => status.profiles.includes(p.id)).map(profile => ({
            label: `$(terminal) Run ${profile.displayName}`, run: () => vscode.commands.executeCommand(runCommandId(profile))
        })),
        { label: '$(output) Show Output', run: () => log.show() }
    ];
    const picked = await vscode.window.showQuickPick(items, { placeHolder: `AI CLI companion: ${status.sessions.length} session(s)` });
    await picked?.run?.();
}
