import { AcpChatAgentDefinition } from '../../common/agents/acp-chat-agents';
import { AcpTurnErrorData } from '../../common/acp-chat-protocol';
import type { AcpCommandButton } from '../turn/command-buttons';
import type { AcpAuthMethodData } from '../../common/auth/acp-auth-methods';
import type { AcpSignInOffer } from '../auth/sign-in-offers';
import { KEYS_IN_FILE_PREFERENCE } from '@ai-cli-companion/node-base/credential-consent';
import {
    ADD_REGISTRY_AGENT_COMMAND, AUTHENTICATE_COMMAND, AcpRetry, INSTALL_CLI_COMMAND, SET_API_KEY_COMMAND, SIGN_IN_IN_TERMINAL_COMMAND
} from '../../common/chat-follow-up-commands';

/**
 * What the user can do about a failure with one click: the terminal command's install offer for a missing
 * agent; for an agent that needs a login, one button per sign-in method it offers (a terminal login, the agent's
 * own sign-in, or Set API key… for a key), and Set API key… whenever its key variable is known (where no
 * credential store answers, Set API key… asks before keeping the key in a 0600 file). A sign-in button carries only
 * the id `offer` gives it (auth/sign-in-offers.ts), never a command line or a prompt.
 */
export function followUpButtons(agent: AcpChatAgentDefinition, error: AcpTurnErrorData, retry: AcpRetry | undefined,
    offer: (signIn: AcpSignInOffer) => string): AcpCommandButton[] {
    if (error.code === 'AGENT_NOT_FOUND') {
        const fromRegistry = { label: 'Add Agent from ACP Registry…', commandId: ADD_REGISTRY_AGENT_COMMAND };
        return agent.installProfileId
            ? [{ label: 'Install with npm', commandId: INSTALL_CLI_COMMAND, args: [agent.installProfileId] }, fromRegistry]
            : [fromRegistry];
    }
    if (error.code === 'AUTH_REQUIRED') {
        const buttons = (error.authMethods ?? []).map(method => signInButton(agent, method, retry, offer))
            .filter((button): button is AcpCommandButton => !!button);
        if (agent.apiKeyEnv && !buttons.some(button => button.commandId === SET_API_KEY_COMMAND)) {
            buttons.push({ label: 'Set API key…', commandId: SET_API_KEY_COMMAND, args: [agent.id] });
        }
        return buttons;
    }
    return [];
}

/** One method's button: its name and description; none for a method that cannot be used from here. */
function signInButton(agent: AcpChatAgentDefinition, method: AcpAuthMethodData, retry: AcpRetry | undefined,
    offer: (signIn: AcpSignInOffer) => string): AcpCommandButton | undefined {
    const description = method.description ?? undefined;
    if (method.problem) {
        return undefined;
    }
    const signIn = (): string => offer({ agentId: agent.id, methodId: method.id, ...retry ? { retry } : {} });
    switch (method.kind) {
        case 'terminal':
            return { label: method.name, description, commandId: SIGN_IN_IN_TERMINAL_COMMAND, args: [signIn()] };
        case 'key':
            return agent.apiKeyEnv ? { label: `${method.name}: Set API key…`, description, commandId: SET_API_KEY_COMMAND, args: [agent.id] } : undefined;
        default:
            return { label: method.name, description, commandId: AUTHENTICATE_COMMAND, args: [signIn()] };
    }
}

/** A failure as the user should read it: what happened and what to do next. */
export function describeFailure(agent: AcpChatAgentDefinition, error: AcpTurnErrorData,
    authMethods: readonly AcpAuthMethodData[]): string {
    switch (error.code) {
        case 'AGENT_NOT_FOUND':
            return agent.installCommand
                ? `${agent.displayName} is not installed: "${agent.command}" is not on the PATH of Theia's backend. ` +
                  `Install it with \`${agent.installCommand}\` (in a terminal${agent.installProfileId ? ', or with the button below' : ''}), or name its path in the settings.`
                : `${agent.displayName} could not be started: "${agent.command}" is not on the PATH of Theia's backend. Check aiCliChat.agents.`;
        case 'AUTH_REQUIRED': {
            // The methods are buttons; only what cannot be a button is said here.
            const unusable = authMethods.filter(method => method.problem || (method.kind === 'key' && !agent.apiKeyEnv))
                .map(method => `- ${method.name}${method.problem ? `: Theia cannot offer it (${method.problem})` : method.description ? `: ${method.description}` : ''}`);
            const terminal = authMethods.some(method => method.kind === 'terminal' && !method.problem);
            return `${agent.displayName} needs you to sign in: ${error.message}\n` +
                (authMethods.length > unusable.length ? 'Sign in with one of the buttons below; the chat retries your prompt once you are signed in.\n' : '') +
                (unusable.length ? `It also offers:\n${unusable.join('\n')}\n` : '') +
                (terminal ? 'Or ' : `Run \`${agent.command}\` once in a terminal to log in, or `) + howToSetKey(agent, error.credentialStoreProblem);
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
            `No credential store answers here (${credentialStoreProblem}), so Theia keeps the key in a file only you can read (mode 0600) ` +
            `in your config folder, and only once you agree: set "${KEYS_IN_FILE_PREFERENCE}": true in your user settings.`;
    }
    return `set its API key (${agent.apiKeyEnv}) with the button below: Theia keeps it in the system's credential store ` +
        `and starts ${agent.displayName} with it.`;
}
