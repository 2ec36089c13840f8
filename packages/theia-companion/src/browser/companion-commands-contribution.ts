import { inject, injectable } from '@theia/core/shared/inversify';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { QuickInputService, QuickPickItem } from '@theia/core/lib/common/quick-pick-service';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { TerminalService } from '@theia/terminal/lib/browser/base/terminal-service';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { CLIENT_PROFILES, ClientProfile } from '@ai-cli-companion/core/lib/client-profiles';
import { CompanionService } from '../common/companion-protocol';
import { CompanionOutput } from './companion-output';

const CATEGORY = 'AI CLI';

export namespace CompanionCommands {
    export const SHOW_STATUS: Command = { id: 'aiCliCompanion.showStatus', category: CATEGORY, label: 'Show Companion Status' };
    export function run(profile: ClientProfile): Command {
        return { id: `aiCliCompanion.run.${profile.id}`, category: CATEGORY, label: `Run ${profile.displayName} in Terminal` };
    }
    export function enableIdeMode(profile: ClientProfile): Command {
        return { id: `aiCliCompanion.enableIdeMode.${profile.id}`, category: CATEGORY, label: `Enable IDE Mode for ${profile.displayName}` };
    }
}

/** Commands per client profile (run, enable IDE mode) and the status overview. */
@injectable()
export class CompanionCommandsContribution implements CommandContribution {
    @inject(CompanionService) protected readonly service: CompanionService;
    @inject(TerminalService) protected readonly terminals: TerminalService;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(CompanionOutput) protected readonly output: CompanionOutput;

    registerCommands(registry: CommandRegistry): void {
        for (const profile of CLIENT_PROFILES) {
            registry.registerCommand(CompanionCommands.run(profile), { execute: () => this.runInTerminal(profile) });
            registry.registerCommand(CompanionCommands.enableIdeMode(profile), { execute: () => this.enableIdeMode(profile) });
        }
        registry.registerCommand(CompanionCommands.SHOW_STATUS, { execute: () => this.showStatus(registry) });
    }

    async runInTerminal(profile: ClientProfile): Promise<void> {
        const root = await this.pickRoot();
        const terminal = await this.terminals.newTerminal({ title: profile.displayName, cwd: root?.toString() });
        await terminal.start();
        await this.terminals.open(terminal, { mode: 'activate' });
        terminal.sendText(`${profile.command}\r`);
        if (!await this.service.isIdeModeEnabled(profile.id).catch(() => true)) {
            this.messages.info(`${profile.displayName} is not in IDE mode yet: type /ide enable once in its prompt, or run "Enable IDE Mode for ${profile.displayName}".`);
        }
    }

    async enableIdeMode(profile: ClientProfile): Promise<void> {
        try {
            const file = await this.service.enableIdeMode(profile.id);
            this.output.info(`ide.enabled set to true in ${file}`);
            this.messages.info(`IDE mode is on for ${profile.displayName} (${file}). It applies to CLIs started from now on.`);
        } catch (error) {
            this.messages.error(`Cannot enable IDE mode for ${profile.displayName}: ${(error as Error).message}`);
        }
    }

    async showStatus(registry: CommandRegistry): Promise<void> {
        const status = await this.service.getStatus();
        type Item = QuickPickItem & { run?: () => unknown };
        const items: Item[] = [
            { label: status.running ? `$(pass) Listening on 127.0.0.1:${status.port}` : '$(error) Companion server not running', description: status.workspacePath || '(no folder open)' },
            ...status.sessions.map(session => ({ label: `$(plug) ${session.clientId}`, description: `session ${session.id} since ${new Date(session.since).toLocaleTimeString()}` })),
            ...(status.lastError ? [{ label: '$(warning) Last error', description: status.lastError }] : []),
            ...CLIENT_PROFILES.filter(p => status.enabledClients.includes(p.id)).map(profile => ({
                label: `$(terminal) ${CompanionCommands.run(profile).label}`, run: () => registry.executeCommand(CompanionCommands.run(profile).id)
            })),
            { label: '$(output) Show Output', run: () => this.output.show() }
        ];
        const picked = await this.quickInput.showQuickPick(items, { placeholder: `AI CLI companion: ${status.sessions.length} session(s)` });
        await picked?.run?.();
    }

    protected async pickRoot(): Promise<ReturnType<typeof FileUri.create> | undefined> {
        const roots = (await this.workspace.roots).map(root => root.resource);
        if (roots.length <= 1) {
            return roots[0];
        }
        const picked = await this.quickInput.showQuickPick(roots.map(uri => ({ label: uri.path.base, description: uri.path.fsPath(), uri })),
            { placeholder: 'Folder to run the CLI in' });
        return picked?.uri;
    }
}
