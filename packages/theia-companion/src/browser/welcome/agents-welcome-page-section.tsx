import * as React from '@theia/core/shared/react';
import { inject, injectable } from '@theia/core/shared/inversify';
import { Emitter } from '@theia/core/lib/common/event';
import { CommandRegistry } from '@theia/core/lib/common/command';
import { WelcomePageSection } from '../../common/theia-patch-hooks/welcome-page-section';
import { AgentsOverview, CliOverview } from './agents-overview';
import { AgentsWelcomeSection, WelcomeAction } from './agents-welcome-section';

/** Chat commands reached by id: the chat is another package, and may not be in the app. */
const CHAT_ACTIONS: ReadonlyArray<{ readonly commandId: string; readonly label: string }> = [
    { commandId: 'aiChat:toggle', label: 'Open AI Chat' },
    { commandId: 'aiCliChat.addAgentFromRegistry', label: 'Add Agent from ACP Registry…' }
];

/** The welcome page's "AI coding agents" section (issue 33 part 7): which CLIs are installed and connected, and what to do. */
@injectable()
export class AgentsWelcomePageSection implements WelcomePageSection {
    @inject(AgentsOverview) protected readonly overview: AgentsOverview;
    @inject(CommandRegistry) protected readonly commandRegistry: CommandRegistry;
    protected readonly onDidChangeEmitter = new Emitter<void>();
    readonly onDidChange = this.onDidChangeEmitter.event;
    /** Undefined while they are asked. */
    protected clis: CliOverview[] | undefined;
    protected asked = 0;

    refresh(): void {
        const asking = ++this.asked;
        this.clis = undefined;
        const show = (clis: CliOverview[]) => {
            // Only the latest question's answer: two pages made in a row must not show the older one last.
            if (asking === this.asked) {
                this.clis = clis;
                this.onDidChangeEmitter.fire();
            }
        };
        void this.overview.clis().then(show, () => show([]));
    }

    render(): React.ReactNode {
        return <AgentsWelcomeSection clis={this.clis} actions={this.chatActions()}
            runCli={cli => void this.commandRegistry.executeCommand(`aiCliCompanion.run.${cli.profile.id}`)} />;
    }

    protected chatActions(): WelcomeAction[] {
        return CHAT_ACTIONS.filter(action => this.commandRegistry.getCommand(action.commandId))
            .map(action => ({ label: action.label, run: () => void this.commandRegistry.executeCommand(action.commandId) }));
    }
}
