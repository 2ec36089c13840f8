import * as vscode from 'vscode';
import { CLIENT_PROFILES } from '@ai-cli-companion/core';
import type { EndpointStatus } from '@ai-cli-companion/core/node';

export const SHOW_STATUS_COMMAND = 'aiCli.showStatus';

/** Which CLIs are connected to this window: "$(plug) Gemini CLI · Qwen Code", or "$(plug) AI CLI" when none. */
export class CompanionStatusBar implements vscode.Disposable {
    private readonly item = vscode.window.createStatusBarItem('aiCli.status', vscode.StatusBarAlignment.Right, 100);

    constructor() {
        this.item.name = 'AI CLI Companion';
        this.item.command = SHOW_STATUS_COMMAND;
    }

    show(status: EndpointStatus): void {
        this.item.text = statusText(status);
        this.item.tooltip = [
            `Companion server on 127.0.0.1:${status.port}`,
            `Workspace: ${status.workspacePath || '(no folder open)'}`,
            `Clients: ${status.profiles.join(', ') || 'none enabled'}`,
            `Sessions: ${status.sessions.length}`,
            `Pending diffs: ${status.pendingDiffs}`,
            ...(status.lastError ? [`Last error: ${status.lastError}`] : [])
        ].join('\n');
        this.item.show();
    }

    dispose(): void {
        this.item.dispose();
    }
}

export function statusText(status: EndpointStatus): string {
    const connected = CLIENT_PROFILES
        .map(profile => ({ profile, count: status.sessions.filter(s => s.clientId === profile.id).length }))
        .filter(entry => entry.count > 0)
        .map(({ profile, count }) => (count > 1 ? `${profile.displayName} ×${count}` : profile.displayName));
    return `$(plug) ${connected.length > 0 ? connected.join(' · ') : 'AI CLI'}`;
}
