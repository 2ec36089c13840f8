import * as vscode from 'vscode';
import { NATIVE_EXTENSION_ENV } from '@ai-cli-companion/core';
import { Companion } from './companion';
import { debugLogging } from './companion-settings';
import { parentPidOf } from '@ai-cli-companion/node-base';
import { identifyHost } from './host-identity';
import { CompanionOutput } from './companion-output';
import { provideBundledCoreModules } from './bundled-modules';

let companion: Companion | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
    provideBundledCoreModules();
    const log = new CompanionOutput(() => debugLogging());
    context.subscriptions.push(log);
    const nativeBackend = process.env[NATIVE_EXTENSION_ENV];
    if (nativeBackend) {
        // One server per window: two would write two discovery files for the same folder.
        log.info(`Idle: the AI CLI Companion Theia extension is built into this application (backend pid ${nativeBackend}) ` +
            'and already serves this window. This extension starts no server.');
        return;
    }
    const host = identifyHost({
        appName: vscode.env.appName, uriScheme: vscode.env.uriScheme, env: process.env,
        pid: process.pid, ppid: process.ppid, parentOf: parentPidOf, platform: process.platform
    });
    companion = new Companion(context, host, log);
    try {
        await companion.start();
    } catch (error) {
        log.error(`The companion server did not start: ${(error as Error).stack ?? error}`);
        vscode.window.showErrorMessage(`AI CLI Companion did not start: ${(error as Error).message}`);
        await companion.stop().catch(() => undefined);
        companion = undefined;
    }
}

export async function deactivate(): Promise<void> {
    await companion?.stop();
    companion = undefined;
}
