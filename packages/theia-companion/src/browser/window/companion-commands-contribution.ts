import { inject, injectable } from '@theia/core/shared/inversify';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { QuickInputService, QuickPickItem } from '@theia/core/lib/common/quick-pick-service';
import { CLIENT_PROFILES, ClientProfile } from '@ai-cli-companion/core';
import { CompanionService } from '../../common/companion-protocol';
import { runCommandLabel } from '../../common/theia-wording';
import { CliLauncher } from '../send-to-cli/cli-launcher';
import { CompanionOutput } from './companion-output';

const CATEGORY = 'AI CLI';

export namespace CompanionCommands {
    export const SHOW_STATUS: Command = { id: 'aiCliCompanion.showStatus', category: CATEGORY, label: 'Show Companion Status' };
    export function run(profile: ClientProfile): Command {
        return { id: `aiCliCompanion.run.${profile.id}`, category: CATEGORY, label: runCommandLabel(profile) };
    }
    export function enableIdeMode(profile: ClientProfile): Command {
        return { id: `aiCliCompanion.enableIdeMode.${profile.id}`, category: CATEGORY, label: `Enable IDE Mode for ${profile.displayName}` };
    }
}

/** Commands per client profile (run, enable IDE mode) and the status overview. */
@injectable()
export class CompanionCommandsContribution implements CommandContribution {
    @inject(CompanionService) protected readonly service: CompanionService;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(CompanionOutput) protected readonly output: CompanionOutput;
    @inject(CliLauncher) protected readonly launcher: CliLauncher;

    registerCommands(registry: CommandRegistry): void {
        for (const profile of CLIENT_PROFILES) {
            registry.registerCommand(CompanionCommands.run(profile), { execute: () => this.runInTerminal(profile) });
            if (profile.userSettings) { // Claude Code has no IDE-mode switch: its terminal's port variable is enough
                registry.registerCommand(CompanionCommands.enableIdeMode(profile), { execute: () => this.enableIdeMode(profile) });
            }
        }
        registry.registerCommand(CompanionCommands.SHOW_STATUS, { execute: () => this.showStatus(registry) });
    }

    /** Checks that the command exists (offering npm / npx if not), then starts it in a new terminal. */
    async runInTerminal(profile: ClientProfile): Promise<void> {
        await this.launcher.run(profile);
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
            ...CLIENT_PROFILES.filter(p => status.profiles.includes(p.id)).map(profile => ({
                label: `$(terminal) ${CompanionCommands.run(profile).label}`, run: () => registry.executeCommand(CompanionCommands.run(profile).id)
            })),
            { label: '$(output) Show Output', run: () => this.output.show() }
        ];
        const picked = await this.quickInput.showQuickPick(items, { placeholder: `AI CLI companion: ${status.sessions.length} session(s)` });
        await picked?.run?.();
    }
}
