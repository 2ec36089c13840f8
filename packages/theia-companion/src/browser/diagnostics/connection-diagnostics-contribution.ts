import { inject, injectable } from '@theia/core/shared/inversify';
import { ClipboardService } from '@theia/core/lib/browser/clipboard-service';
import { FrontendApplicationConfigProvider } from '@theia/core/lib/browser/frontend-application-config-provider';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { TabBarToolbarContribution, TabBarToolbarRegistry } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { codicon } from '@theia/core/lib/browser/widgets/widget';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { MessageService } from '@theia/core/lib/common/message-service';
import { NavigatableWidget } from '@theia/core/lib/browser/navigatable-types';
import { Widget } from '@theia/core/shared/@lumino/widgets';
import { EditorManager } from '@theia/editor/lib/browser/editor-manager';
import { TerminalService } from '@theia/terminal/lib/browser/base/terminal-service';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { DiagnosisRequest, problemCount, renderConnectionReport } from '@ai-cli-companion/core';
import { CliHostService } from '../../common/cli-host-protocol';
import { CompanionService } from '../../common/companion-protocol';
import { CliTerminalFinder } from '../send-to-cli/cli-terminal-finder';
import { CompanionOutput } from '../window/companion-output';
import { ConnectionDiagnosticsResources, DIAGNOSIS_SCHEME } from './connection-diagnostics-resource';

export const COPY_REPORT = 'Copy report';

export namespace ConnectionDiagnosticsCommands {
    const category = 'AI CLI';
    export const DIAGNOSE: Command = { id: 'aiCliCompanion.diagnoseConnection', category, label: 'Diagnose Connection' };
    export const COPY: Command = { id: 'aiCliCompanion.copyConnectionReport', category, label: 'Copy Connection Report', iconClass: codicon('copy') };
}

/**
 * Diagnose Connection: runs every check, shows the report in an editor tab and the output channel,
 * and offers to copy it for a bug report.
 */
@injectable()
export class ConnectionDiagnosticsContribution implements CommandContribution, TabBarToolbarContribution {
    @inject(CompanionService) protected readonly companion: CompanionService;
    @inject(CliHostService) protected readonly host: CliHostService;
    @inject(CliTerminalFinder) protected readonly terminalFinder: CliTerminalFinder;
    @inject(TerminalService) protected readonly terminals: TerminalService;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;
    @inject(EditorManager) protected readonly editors: EditorManager;
    @inject(ApplicationShell) protected readonly shell: ApplicationShell;
    @inject(ClipboardService) protected readonly clipboard: ClipboardService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(CompanionOutput) protected readonly output: CompanionOutput;
    @inject(ConnectionDiagnosticsResources) protected readonly reports: ConnectionDiagnosticsResources;

    protected lastReport: string | undefined;

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(ConnectionDiagnosticsCommands.DIAGNOSE, { execute: () => this.diagnose() });
        registry.registerCommand(ConnectionDiagnosticsCommands.COPY, {
            execute: () => this.copy(),
            isEnabled: () => this.lastReport !== undefined
        });
    }

    registerToolbarItems(registry: TabBarToolbarRegistry): void {
        registry.registerItem({
            id: ConnectionDiagnosticsCommands.COPY.id, command: ConnectionDiagnosticsCommands.COPY.id, icon: codicon('copy'),
            tooltip: 'Copy report (for a bug report)', group: 'navigation',
            isVisible: (widget?: Widget) => NavigatableWidget.getUri(widget)?.scheme === DIAGNOSIS_SCHEME
        });
    }

    async diagnose(): Promise<string> {
        const progress = await this.messages.showProgress({ text: 'Diagnosing the CLI connection…' });
        let report: string;
        try {
            const diagnosis = await this.host.diagnose(await this.request());
            report = renderConnectionReport(diagnosis, { application: FrontendApplicationConfigProvider.get().applicationName });
            this.lastReport = report;
            const { errors, warnings } = problemCount(diagnosis);
            this.output.info(`Connection diagnosis:\n${report}`);
            await this.show(report);
            progress.cancel();
            const summary = errors + warnings === 0 ? 'Connection diagnosis: everything checks out.' : `Connection diagnosis: ${errors} error(s), ${warnings} warning(s); fixes are in the report.`;
            this.messages.info(summary, COPY_REPORT).then(async choice => {
                if (choice === COPY_REPORT) {
                    await this.copy();
                }
            });
        } catch (error) {
            progress.cancel();
            this.messages.error(`Diagnose Connection failed: ${(error as Error).message}`);
            throw error;
        }
        return report;
    }

    async copy(): Promise<void> {
        if (this.lastReport) {
            await this.clipboard.writeText(this.lastReport);
            this.messages.info('The connection report is on the clipboard.');
        }
    }

    protected async request(): Promise<DiagnosisRequest> {
        const [status, shells] = await Promise.all([this.companion.getStatus(), this.terminalFinder.shellPids()]);
        const terminal = this.terminals.currentTerminal ?? this.terminals.lastUsedTerminal;
        const shellPid = terminal && [...shells].find(([, widget]) => widget === terminal)?.[0];
        return {
            status,
            roots: this.workspace.tryGetRoots().filter(root => root.resource.scheme === 'file').map(root => FileUri.fsPath(root.resource)),
            activeTerminal: terminal && shellPid ? { shellPid, title: terminal.title.label } : undefined,
            terminalShellPids: [...shells.keys()]
        };
    }

    protected async show(report: string): Promise<void> {
        for (const widget of this.editors.all.filter(w => w.editor.uri.scheme === DIAGNOSIS_SCHEME)) {
            widget.close();
        }
        await this.editors.open(this.reports.add(report), { mode: 'activate' });
    }
}
