import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { StatusBar, StatusBarAlignment } from '@theia/core/lib/browser/status-bar/status-bar';
import { CLIENT_PROFILES } from '@ai-cli-companion/core';
import { CompanionService, CompanionStatus } from '../../common/companion-protocol';
import { CompanionClientImpl } from './companion-client-impl';
import { CompanionCommands } from './companion-commands-contribution';
import { CompanionOutput } from './companion-output';

export const COMPANION_STATUS_BAR_ID = 'ai-cli-companion-status';

/** Which CLIs are connected to this window, and how many sessions each has. */
@injectable()
export class CompanionStatusBarContribution implements FrontendApplicationContribution {
    @inject(StatusBar) protected readonly statusBar: StatusBar;
    @inject(CompanionService) protected readonly service: CompanionService;
    @inject(CompanionClientImpl) protected readonly client: CompanionClientImpl;
    @inject(CompanionOutput) protected readonly output: CompanionOutput;

    protected previousSessions = new Set<string>();

    onStart(): void {
        this.client.onStatusChanged(status => this.show(status));
        this.service.getStatus().then(status => this.show(status), () => undefined);
    }

    protected show(status: CompanionStatus): void {
        this.logSessionChanges(status);
        const counts = CLIENT_PROFILES
            .map(profile => ({ profile, count: status.sessions.filter(s => s.clientId === profile.id).length }))
            .filter(entry => entry.count > 0);
        const text = counts.length === 0
            ? '$(plug) AI CLI'
            : `$(plug) ${counts.map(({ profile, count }) => count > 1 ? `${profile.displayName} ×${count}` : profile.displayName).join(' · ')}`;
        const tooltip = [
            status.running ? `Companion server on 127.0.0.1:${status.port}` : 'Companion server not running',
            `Workspace: ${status.workspacePath || '(no folder open)'}`,
            `Clients: ${status.profiles.join(', ') || 'none enabled'}`,
            `Sessions: ${status.sessions.length}`,
            ...(status.lastError ? [`Last error: ${status.lastError}`] : [])
        ].join('\n');
        this.statusBar.setElement(COMPANION_STATUS_BAR_ID, {
            text, tooltip, alignment: StatusBarAlignment.RIGHT, priority: 100,
            command: CompanionCommands.SHOW_STATUS.id,
            className: status.lastError ? 'ai-cli-companion-error' : undefined
        });
    }

    protected logSessionChanges(status: CompanionStatus): void {
        const now = new Set(status.sessions.map(s => s.id));
        for (const session of status.sessions.filter(s => !this.previousSessions.has(s.id))) {
            this.output.info(`${session.clientId} connected (session ${session.id})`);
        }
        for (const id of [...this.previousSessions].filter(id => !now.has(id))) {
            this.output.info(`session ${id} ended`);
        }
        this.previousSessions = now;
        if (status.lastError) {
            this.output.debug(`last error: ${status.lastError}`);
        }
    }
}
