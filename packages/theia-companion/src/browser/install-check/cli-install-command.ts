import { inject, injectable } from '@theia/core/shared/inversify';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { TerminalService } from '@theia/terminal/lib/browser/base/terminal-service';
import { findProfile } from '@ai-cli-companion/core';
import { CliInstallCheck } from './cli-install-check';

export namespace CliInstallCommands {
    /**
     * Installs a CLI in a visible terminal (`npm install -g <its package>`); argument: the client
     * profile id (`gemini`, `qwen`, …). Other adapters (the AI chat's "not installed" answer) run it
     * by this id, since adapters never import each other.
     */
    export const INSTALL_CLI: Command = { id: 'aiCliCompanion.installCli', category: 'AI CLI', label: 'Install AI CLI' };
}

@injectable()
export class CliInstallCommandContribution implements CommandContribution {
    @inject(CliInstallCheck) protected readonly installCheck: CliInstallCheck;
    @inject(TerminalService) protected readonly terminals: TerminalService;

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(CliInstallCommands.INSTALL_CLI, {
            execute: (profileId: unknown) => this.install(typeof profileId === 'string' ? profileId : '')
        });
    }

    protected async install(profileId: string): Promise<boolean> {
        const profile = findProfile(profileId);
        const commandLine = profile && await this.installCheck.installCommandLine(profile);
        if (!profile || !commandLine) {
            return false;
        }
        const terminal = await this.terminals.newTerminal({ title: `Install ${profile.displayName}` });
        await terminal.start();
        await this.terminals.open(terminal, { mode: 'activate' });
        terminal.sendText(`${commandLine}\r`);
        return true;
    }
}
