import { AcpChatAgentDefinition } from '../../common/acp-chat-agents';
import { AcpTurnErrorData } from '../../common/acp-chat-protocol';
import type { AcpCommandButton } from '../turn/command-buttons';

/** The companion's install command (theia-companion's install check), run by id. */
export const INSTALL_CLI_COMMAND = 'aiCliCompanion.installCli';
/** Asks for the agent's API key and keeps it in the credential store (acp-api-key-commands.ts). */
export const SET_API_KEY_COMMAND = 'aiCliChat.setApiKey';
/** Add Agent from ACP Registry… (registry/registry-commands.ts). */
export const ADD_REGISTRY_AGENT_COMMAND = 'aiCliChat.addAgentFromRegistry';

/**
 * What the user can do about a failure with one click: the terminal command's install offer for a missing
 * agent; setting the API key of an agent that needs a login, when its key variable is known (where no
 * credential store answers, Set API key… asks before keeping the key in a 0600 file).
 */
export function followUpButtons(agent: AcpChatAgentDefinition, error: AcpTurnErrorData): AcpCommandButton[] {
    if (error.code === 'AGENT_NOT_FOUND') {
        const fromRegistry = { label: 'Add Agent from ACP Registry…', commandId: ADD_REGISTRY_AGENT_COMMAND };
        return agent.installProfileId
            ? [{ label: 'Install with npm', commandId: INSTALL_CLI_COMMAND, args: [agent.installProfileId] }, fromRegistry]
            : [fromRegistry];
    }
    if (error.code === 'AUTH_REQUIRED' && agent.apiKeyEnv) {
        return [{ label: 'Set API key…', commandId: SET_API_KEY_COMMAND, args: [agent.id] }];
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
                `Run \`${agent.command}\` once in a terminal to log in, or ${howToSetKey(agent, error.credentialStoreProblem)}`;
        }
        case 'AGENT_EXITED':
            return `${error.message}${error.details ? `\n\n${error.details}` : ''}`;
        default:
            return `${agent.displayName}: ${error.message}${error.details && error.details !== error.message ? `\n\n${error.details}` : ''}`;
    }
}

function howToSetKey(agent: AcpChatAgentDefinition, credentialStoreProblem: string | undefined): string {
    if (!agent.apiKeyEnv) {
        return 'set the API key in the environment Theia starts it with.';
    }
    if (credentialStoreProblem) {
        return `set ${agent.apiKeyEnv} in the environment Theia starts with, or set its API key with the button below. ` +
            `No credential store answers here (${credentialStoreProblem}), so Theia asks first before keeping the key in a file only you can read (mode 0600) in your config folder.`;
    }
    return `set its API key (${agent.apiKeyEnv}) with the button below: Theia keeps it in the system's credential store ` +
        `and starts ${agent.displayName} with it.`;
}
