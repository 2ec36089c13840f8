import { inject, injectable } from '@theia/core/shared/inversify';
import { MessageService } from '@theia/core/lib/common/message-service';
import { QuickInputService } from '@theia/core/lib/common/quick-pick-service';
import URI from '@theia/core/lib/common/uri';
import { TerminalService } from '@theia/terminal/lib/browser/base/terminal-service';
import { TerminalWidget } from '@theia/terminal/lib/browser/base/terminal-widget';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { ClientProfile } from '@ai-cli-companion/core';
import { CompanionService } from '../../common/companion-protocol';
import { CliInstallCheck } from '../install-check/cli-install-check';
import { TerminalStatusService } from '../terminal-status/terminal-status-service';

/** Starts a CLI in a new terminal of this window: what "Run … in Terminal" does. */
@injectable()
export class CliLauncher {
    @inject(TerminalService) protected readonly terminals: TerminalService;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(CompanionService) protected readonly companion: CompanionService;
    @inject(CliInstallCheck) protected readonly installCheck: CliInstallCheck;
    @inject(TerminalStatusService) protected readonly status: TerminalStatusService;

    /** The terminal the CLI runs in, or undefined when the user cancelled. */
    async run(profile: ClientProfile): Promise<TerminalWidget | undefined> {
        const commandLine = await this.installCheck.commandLine(profile);
        if (!commandLine) {
            return undefined;
        }
        const root = await this.pickRoot();
        const terminal = await this.terminals.newTerminal({ title: profile.displayName, cwd: root?.toString() });
        // Before the CLI starts: it asks for the status protocol once, at its start.
        this.status.adopt(terminal);
        await terminal.start();
        await this.terminals.open(terminal, { mode: 'activate' });
        terminal.sendText(`${commandLine}\r`);
        if (profile.ideCommand) {
            this.messages.info(`Type ${profile.ideCommand} in ${profile.displayName} so it reads this window's active file, selection and open tabs (it does not remember it between runs).`);
        } else if (!await this.companion.isIdeModeEnabled(profile.id).catch(() => true)) {
            this.messages.info(`${profile.displayName} is not in IDE mode yet: type /ide enable once in its prompt, or run "Enable IDE Mode for ${profile.displayName}".`);
        }
        return terminal;
    }

    protected async pickRoot(): Promise<URI | undefined> {
        const roots = (await this.workspace.roots).map(root => root.resource);
        if (roots.length <= 1) {
            return roots[0];
        }
        const picked = await this.quickInput.showQuickPick(roots.map(uri => ({ label: uri.path.base, description: uri.path.fsPath(), uri })),
            { placeholder: 'Folder to run the CLI in' });
        return picked?.uri;
    }
}
