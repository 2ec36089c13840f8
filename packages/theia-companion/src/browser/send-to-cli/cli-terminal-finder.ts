import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { TerminalService } from '@theia/terminal/lib/browser/base/terminal-service';
import { TerminalWidget } from '@theia/terminal/lib/browser/base/terminal-widget';
import { CliHostService } from '../../common/cli-host-protocol';
import { CompanionService, EndpointSessionStatus } from '../../common/companion-protocol';

/** A terminal of this window that runs a CLI connected to this window right now. */
export interface ConnectedCliTerminal {
    readonly terminal: TerminalWidget;
    readonly session: EndpointSessionStatus;
    readonly pid: number;
}

/**
 * Finds the terminals whose CLI is connected now: the backend maps each session's connection to
 * the process holding it and that process to a terminal shell; a session that has gone away has
 * no connection, so its terminal is never chosen. Most recently used first.
 */
@injectable()
export class CliTerminalFinder implements FrontendApplicationContribution {
    @inject(TerminalService) protected readonly terminals: TerminalService;
    @inject(CompanionService) protected readonly companion: CompanionService;
    @inject(CliHostService) protected readonly host: CliHostService;

    /** When each terminal (by widget id) was last current. */
    protected readonly lastUsed = new Map<string, number>();
    protected clock = 0;

    onStart(): void {
        const touch = (terminal?: TerminalWidget) => terminal && this.lastUsed.set(terminal.id, ++this.clock);
        this.terminals.onDidChangeCurrentTerminal(touch);
        this.terminals.onDidCreateTerminal(terminal => {
            touch(terminal);
            terminal.onKey(() => touch(terminal));
            terminal.onDidDispose(() => this.lastUsed.delete(terminal.id));
        });
    }

    markUsed(terminal: TerminalWidget): void {
        this.lastUsed.set(terminal.id, ++this.clock);
    }

    /** Connected CLI terminals, optionally of one client, the one used last first. */
    async connectedTerminals(clientId?: string): Promise<ConnectedCliTerminal[]> {
        const status = await this.companion.getStatus();
        const sessions = status.sessions.filter(s => (s.remotePort || s.pid) && (!clientId || s.clientId === clientId));
        if (sessions.length === 0) {
            return [];
        }
        const shells = await this.shellPids();
        // By the TCP port a session's connection holds, else by the process it names (Copilot CLI, Codex CLI).
        const byPort = sessions.filter(s => s.remotePort);
        const byPid = sessions.filter(s => !s.remotePort && s.pid);
        const found = [
            ...byPort.length ? await this.host.findSessionTerminals(
                byPort.map(s => ({ sessionId: s.id, serverPort: status.port, remotePort: s.remotePort! })), [...shells.keys()]) : [],
            ...byPid.length ? await this.host.findProcessTerminals(byPid.map(s => ({ sessionId: s.id, pid: s.pid! })), [...shells.keys()]) : []
        ];
        return found
            .map(match => ({ terminal: shells.get(match.shellPid)!, session: sessions.find(s => s.id === match.sessionId)!, pid: match.pid }))
            .filter(entry => entry.terminal && entry.session)
            .sort((a, b) => (this.lastUsed.get(b.terminal.id) ?? 0) - (this.lastUsed.get(a.terminal.id) ?? 0)
                || b.session.since - a.session.since);
    }

    /** Shell pid → terminal, for the live terminals of this window. */
    async shellPids(): Promise<Map<number, TerminalWidget>> {
        const entries = await Promise.all(this.terminals.all
            .filter(terminal => !terminal.isDisposed && !terminal.exitStatus)
            .map(async terminal => [await terminal.processId.catch(() => -1), terminal] as const));
        return new Map(entries.filter(([pid]) => pid > 0));
    }
}
