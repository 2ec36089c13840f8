import { AcpChatAgentDefinition } from '../common/acp-chat-agents';
import { AcpTurnErrorData } from '../common/acp-chat-protocol';
import type { AcpCommandButton } from './acp-command-buttons';

/** The companion's install command (theia-companion's install check), run by id. */
export const INSTALL_CLI_COMMAND = 'aiCliCompanion.installCli';

/** What the user can do about a failure with one click: the terminal command's install offer for a missing agent. */
export function followUpButtons(agent: AcpChatAgentDefinition, error: AcpTurnErrorData): AcpCommandButton[] {
    if (error.code === 'AGENT_NOT_FOUND' && agent.installProfileId) {
        return [{ label: 'Install with npm', commandId: INSTALL_CLI_COMMAND, args: [agent.installProfileId] }];
    }
    return [];
}

/** A failure as the user should read it: what happened and what to do next. */
export function describeFailure(agent: AcpChatAgentDefinition, error: AcpTurnErrorData,
    authMethods: ReadonlyArray<{ name: string; description?: string | null }>): string {
    switch (error.code) {
        case 'AGENT_NOT_FOUND':
            return agent.installCommand
                ? `${agent.displayName} is not installed: "${agent.command}" is not on the PATH of Theia's backend. ` +
                  `Install it with \`${agent.installCommand}\` (in a terminal${agent.installProfileId ? ', or with the button below' : ''}), or name its path in the settings.`
                : `${agent.displayName} could not be started: "${agent.command}" is not on the PATH of Theia's backend. Check aiCliChat.agents.`;
        case 'AUTH_REQUIRED': {
            const methods = authMethods.map(method => `- ${method.name}${method.description ? `: ${method.description}` : ''}`).join('\n');
            return `${agent.displayName} needs you to sign in: ${error.message}\n` +
                (methods ? `It offers:\n${methods}\n` : '') +
                `Run \`${agent.command}\` once in a terminal to log in, or set the API key in the environment Theia starts it with.`;
        }
        case 'AGENT_EXITED':
            return `${error.message}${error.details ? `\n\n${error.details}` : ''}`;
        default:
            return `${agent.displayName}: ${error.message}${error.details && error.details !== error.message ? `\n\n${error.details}` : ''}`;
    }
}
