import * as React from '@theia/core/shared/react';
import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
import { GettingStartedWidget } from '@theia/getting-started/lib/browser/getting-started-widget';
import { AgentsOverview, CliOverview } from '../welcome/agents-overview';
import { AgentsWelcomeSection, WelcomeAction } from '../welcome/agents-welcome-section';

/** Chat commands reached by id: the chat is another package, and may not be in the app. */
const CHAT_ACTIONS: ReadonlyArray<{ readonly commandId: string; readonly label: string }> = [
    { commandId: 'aiChat:toggle', label: 'Open AI Chat' },
    { commandId: 'aiCliChat.addAgentFromRegistry', label: 'Add Agent from ACP Registry…' }
];

/**
 * Theia's welcome page with an "AI coding agents" section after its Start section (issue 33 part 7). Theia's
 * page has no contribution point for sections: `renderStart` is the one member overridden (pinned in
 * theia-internals.spec.ts, see UPSTREAM.md).
 */
@injectable()
export class AgentsGettingStartedWidget extends GettingStartedWidget {
    @inject(AgentsOverview) protected readonly overview: AgentsOverview;
    protected clis: CliOverview[] | undefined;

    @postConstruct()
    protected override init(): void {
        super.init();
        void this.overview.clis().then(clis => {
            this.clis = clis;
            this.update();
        }, () => {
            this.clis = [];
            this.update();
        });
    }

    protected override renderStart(): React.ReactNode {
        return <>
            {super.renderStart()}
            <AgentsWelcomeSection clis={this.clis} actions={this.chatActions()}
                runCli={cli => void this.commandRegistry.executeCommand(`aiCliCompanion.run.${cli.profile.id}`)} />
        </>;
    }

    protected chatActions(): WelcomeAction[] {
        return CHAT_ACTIONS.filter(action => this.commandRegistry.getCommand(action.commandId))
            .map(action => ({ label: action.label, run: () => void this.commandRegistry.executeCommand(action.commandId) }));
    }
}
