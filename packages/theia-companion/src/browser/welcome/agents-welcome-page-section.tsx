import * as React from '@theia/core/shared/react';
import { inject, injectable } from '@theia/core/shared/inversify';
import { Emitter } from '@theia/core/lib/common/event';
import { CommandRegistry } from '@theia/core/lib/common/command';
import { WelcomePageSection } from '../../common/theia-patch-hooks/welcome-page-section';
import { AgentsOverview, CliOverview } from './agents-overview';
import { AgentsWelcomeSection, ChatAgentReadiness, WelcomeAction } from './agents-welcome-section';

/** Chat commands reached by id: the chat is another package, and may not be in the app. */
const CHAT_ACTIONS: ReadonlyArray<{ readonly commandId: string; readonly label: string }> = [
    { commandId: 'aiChat:toggle', label: 'Open AI Chat' },
    { commandId: 'aiCliChat.addAgentFromRegistry', label: 'Add Agent from ACP Registry…' }
];
/** The chat's agents and whether each is signed in (theia-ai-chat's common/agents/welcome-agents.ts), when the chat is in the app. */
const CHAT_AGENTS_COMMAND = 'aiCliChat.welcomeAgents';

/** The welcome page's "AI coding agents" section (issue 33 part 7): which CLIs are installed and connected, the chat's agents and whether each is signed in, and what to do. */
@injectable()
export class AgentsWelcomePageSection implements WelcomePageSection {
    @inject(AgentsOverview) protected readonly overview: AgentsOverview;
    @inject(CommandRegistry) protected readonly commandRegistry: CommandRegistry;
    protected readonly onDidChangeEmitter = new Emitter<void>();
    readonly onDidChange = this.onDidChangeEmitter.event;
    /** Undefined while they are asked. */
    protected clis: CliOverview[] | undefined;
    /** Empty without the chat, or while it is asked. */
    protected chatAgents: ChatAgentReadiness[] = [];
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
        this.chatAgents = [];
        if (this.commandRegistry.getCommand(CHAT_AGENTS_COMMAND)) {
            void this.commandRegistry.executeCommand<ChatAgentReadiness[]>(CHAT_AGENTS_COMMAND).then(agents => {
                if (asking === this.asked && Array.isArray(agents)) {
                    this.chatAgents = agents;
                    this.onDidChangeEmitter.fire();
                }
            }, () => undefined);
        }
    }

    render(): React.ReactNode {
        return <AgentsWelcomeSection clis={this.clis} actions={this.chatActions()} chatAgents={this.chatAgents}
            runCli={cli => void this.commandRegistry.executeCommand(`aiCliCompanion.run.${cli.profile.id}`)} />;
    }

    protected chatActions(): WelcomeAction[] {
        return CHAT_ACTIONS.filter(action => this.commandRegistry.getCommand(action.commandId))
            .map(action => ({ label: action.label, run: () => void this.commandRegistry.executeCommand(action.commandId) }));
    }
}
