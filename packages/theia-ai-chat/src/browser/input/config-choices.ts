import { ErrorChatResponseContentImpl, MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpChatService } from '../../common/acp-chat-protocol';
import { AcpConfigChoiceToSend, AcpConfigControls } from '../../common/session-config/acp-config-options';
import { AcpSessionConfigs } from './session-configs';

/**
 * Sends the chat's config choices as `session/set_config_option`, one after the other, before the prompt
 * (issue 23 part 4). Each answer replaces the session's whole set. A refused choice is said in the answer,
 * like a refused model switch, and the prompt still goes with the value the agent kept.
 */
export async function sendConfigChoices(backend: AcpChatService, configs: AcpSessionConfigs, request: MutableChatRequestModel,
    agent: { id: string; displayName: string }, choices: readonly AcpConfigChoiceToSend[]): Promise<void> {
    const chatSessionId = request.session.id;
    for (const choice of choices) {
        const named = describeChoice(configs.controls(chatSessionId, agent.id), choice);
        const answer = await backend.setConfigOption(chatSessionId, agent.id, choice.configId, choice.value);
        if ('error' in answer) {
            const message = `${agent.displayName} could not set ${named.option} to ${named.value}: ${answer.error.message.replace(/\.?\s*$/, '.')} ` +
                `This prompt went with ${named.current}.`;
            request.response.response.addContent(new ErrorChatResponseContentImpl(new Error(message)));
        } else {
            configs.replaced(chatSessionId, agent.id, answer.configOptions);
        }
        configs.settled(chatSessionId, agent.id, choice.configId);
    }
}

/** The option's and the values' names for a chat line ("Thinking", "High", "Low"). */
export function describeChoice(controls: AcpConfigControls, choice: AcpConfigChoiceToSend): { option: string; value: string; current: string } {
    const control = [controls.model, controls.mode, ...controls.others].find(candidate => candidate?.id === choice.configId);
    const name = (value: string | boolean | undefined) => typeof value === 'boolean' || control?.kind !== 'select'
        ? (value ? 'on' : 'off')
        : control.choices.find(entry => entry.value === value)?.name ?? String(value);
    return { option: control?.name ?? choice.configId, value: name(choice.value), current: name(control?.current) };
}
