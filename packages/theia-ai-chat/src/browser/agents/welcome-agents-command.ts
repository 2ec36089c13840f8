import { inject, injectable } from '@theia/core/shared/inversify';
import { CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { AcpWelcomeAgent, WELCOME_AGENTS_COMMAND } from '../../common/agents/welcome-agents';
import { AcpAgentDirectory } from '../session/agent-directory';
import { AcpAgentStarts } from './agent-starts';

/**
 * `aiCliChat.welcomeAgents`: the chat's agents and whether each is signed in, for the companion's welcome page, which
 * runs it by id (a command, not an import: the companion may be in an app without the chat). Not in the palette.
 */
@injectable()
export class AcpWelcomeAgentsCommand implements CommandContribution {
    @inject(AcpAgentDirectory) protected readonly directory: AcpAgentDirectory;
    @inject(AcpAgentStarts) protected readonly starts: AcpAgentStarts;

    registerCommands(commands: CommandRegistry): void {
        commands.registerCommand({ id: WELCOME_AGENTS_COMMAND }, { execute: () => this.agents() });
    }

    agents(): AcpWelcomeAgent[] {
        return this.directory.definitions().map(definition => ({ name: definition.displayName, ready: this.starts.readiness(definition.id) }));
    }
}
