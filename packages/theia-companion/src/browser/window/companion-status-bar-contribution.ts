import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { StatusBar, StatusBarAlignment } from '@theia/core/lib/browser/status-bar/status-bar';
import { CLIENT_PROFILES } from '@ai-cli-companion/core';
import { CompanionService, CompanionStatus } from '../../common/companion-protocol';
import { CompanionClientImpl } from './companion-client-impl';
import { CompanionCommands } from './companion-commands-contribution';
import { CompanionOutput } from './companion-output';
import { TerminalStatusService } from '../terminal-status/terminal-status-service';
import { STATE_WORDS } from '../terminal-status/terminal-status-view';

export const COMPANION_STATUS_BAR_ID = 'ai-cli-companion-status';

/** Which CLIs are connected to this window, and how many sessions each has. */
@injectable()
export class CompanionStatusBarContribution implements FrontendApplicationContribution {
    @inject(StatusBar) protected readonly statusBar: StatusBar;
    @inject(CompanionService) protected readonly service: CompanionService;
    @inject(CompanionClientImpl) protected readonly client: CompanionClientImpl;
    @inject(CompanionOutput) protected readonly output: CompanionOutput;
    @inject(TerminalStatusService) protected readonly terminalStatus: TerminalStatusService;

    protected previousSessions = new Set<string>();
    protected lastStatus: CompanionStatus | undefined;

    onStart(): void {
        this.client.onStatusChanged(status => this.show(status));
        this.service.getStatus().then(status => this.show(status), () => undefined);
        this.terminalStatus.onDidChange(() => this.lastStatus && this.render(this.lastStatus));
    }

    protected show(status: CompanionStatus): void {
        this.logSessionChanges(status);
        this.lastStatus = status;
        this.render(status);
    }

    protected render(status: CompanionStatus): void {
        const counts = CLIENT_PROFILES
            .map(profile => ({ profile, sessions: status.sessions.filter(s => s.clientId === profile.id) }))
            .filter(entry => entry.sessions.length > 0);
        // A session the CLI named (Copilot CLI's update_session_name) shows its name while it is the only one.
        const label = ({ profile, sessions }: typeof counts[number]) => sessions.length > 1 ? `${profile.displayName} ×${sessions.length}`
            : sessions[0].name ? `${profile.displayName} (${shorten(sessions[0].name)})` : profile.displayName;
        // What the CLIs report from their terminals: "Claude Code: waiting for you" (the oldest waiting first).
        const states = new Map<string, string>();
        [...this.terminalStatus.statuses].filter(s => s.program).sort((a, b) => Number(b.program!.state === 'blocked') - Number(a.program!.state === 'blocked'))
            .forEach(s => states.has(s.appName) || states.set(s.appName, STATE_WORDS[s.program!.state]));
        const withState = (name: string, text: string) => states.has(name) ? `${text}: ${states.get(name)}` : text;
        const labels = [
            ...counts.map(entry => withState(entry.profile.displayName, label(entry))),
            ...[...states].filter(([name]) => !counts.some(entry => entry.profile.displayName === name)).map(([name, word]) => `${name}: ${word}`)
        ];
        const text = labels.length === 0 ? '$(plug) AI CLI' : `$(plug) ${labels.join(' · ')}`;
        const tooltip = [
            status.running ? `Companion server on 127.0.0.1:${status.port}` : 'Companion server not running',
            `Workspace: ${status.workspacePath || '(no folder open)'}`,
            `Clients: ${status.profiles.join(', ') || 'none enabled'}`,
            `Sessions: ${status.sessions.length}`,
            ...status.sessions.filter(session => session.name).map(session => `  ${session.clientId}: ${session.name}`),
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

/** Session names are a prompt's summary: the status bar keeps 30 characters. */
function shorten(name: string): string {
    return name.length > 30 ? `${name.slice(0, 29)}…` : name;
}
