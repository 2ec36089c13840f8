import { inject, injectable } from '@theia/core/shared/inversify';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { QuickInputService } from '@theia/core/lib/common/quick-pick-service';
import { AcpApiKeyService } from '../../common/auth/acp-api-key-protocol';
import { AcpAgentDirectory } from '../session/agent-directory';
import { SET_API_KEY_COMMAND } from '../../common/chat-follow-up-commands';

export namespace AcpApiKeyCommands {
    const category = 'AI CLI Chat';
    export const SET_API_KEY: Command = { id: SET_API_KEY_COMMAND, category, label: 'Set API Key…' };
    export const FORGET_API_KEY: Command = { id: 'aiCliChat.forgetApiKey', category, label: 'Forget API Key…' };
}

/**
 * Set API Key… asks for a chat agent's key (a password box) and hands it to the backend, which keeps it
 * in the OS keychain (or, where none answers and the user agreed with aiCliCompanion.keysInFile, in a 0600
 * file in the config folder) and restarts the agent with it; Forget API Key… removes it. The key
 * passes through here once and is never shown, logged or put into the chat.
 */
@injectable()
export class AcpApiKeyCommandContribution implements CommandContribution {
    @inject(AcpApiKeyService) protected readonly keys: AcpApiKeyService;
    @inject(AcpAgentDirectory) protected readonly registry: AcpAgentDirectory;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(MessageService) protected readonly messages: MessageService;

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(AcpApiKeyCommands.SET_API_KEY, { execute: (agentId?: string) => this.setApiKey(agentId) });
        registry.registerCommand(AcpApiKeyCommands.FORGET_API_KEY, { execute: () => this.forgetApiKey() });
    }

    async setApiKey(agentId?: string): Promise<void> {
        const agent = await this.pickAgent(this.registry.definitions().filter(definition => definition.apiKeyEnv), agentId,
            'Which chat agent\'s API key?', 'No chat agent takes an API key: give an aiCliChat.agents entry an "apiKeyEnv".');
        if (!agent?.apiKeyEnv) {
            return;
        }
        const storage = await this.keys.apiKeyStorage();
        if (storage.kind === 'nowhere') {
            // No keychain and no consent to the file: nothing to ask for, since nothing would be kept.
            this.messages.warn(`${agent.displayName}'s API key cannot be kept: ${storage.reason}. ` +
                `Or set ${agent.apiKeyEnv} in the environment Theia starts with.`);
            return;
        }
        const where = storage.kind === 'file' ? storage.file : 'the system\'s credential store';
        const key = await this.quickInput.input({
            title: `${agent.displayName}: API key`, password: true, ignoreFocusLost: true,
            prompt: `Passed to ${agent.displayName} as ${agent.apiKeyEnv}; kept in ${where}, never in the settings.`,
            validateInput: async value => value.trim() ? undefined : 'Enter the key.'
        });
        if (!key?.trim()) {
            return;
        }
        const result = await this.keys.setApiKey(agent.id, key);
        if ('error' in result) {
            this.messages.error(`${agent.displayName}: ${result.error}`);
            return;
        }
        const kept = result.where && result.where !== 'credential store' ? result.where : 'the system\'s credential store';
        this.messages.info(`${agent.displayName}'s API key is kept in ${kept}; @${agent.id} uses it from its next prompt.`);
    }

    async forgetApiKey(): Promise<void> {
        const stored = await this.keys.agentsWithApiKey();
        // A key of an agent that is no longer configured can still be forgotten (by its id).
        const named = stored.map(id => ({ id, displayName: this.registry.displayName(id) }));
        const agent = await this.pickAgent(named, undefined, 'Forget which chat agent\'s API key?', 'No chat agent has an API key stored.');
        if (agent && await this.keys.forgetApiKey(agent.id)) {
            this.messages.info(`${agent.displayName}'s API key is removed.`);
        }
    }

    protected async pickAgent<T extends { id: string; displayName: string }>(agents: T[], agentId: string | undefined,
        placeholder: string, noneMessage: string): Promise<T | undefined> {
        if (agentId) {
            const agent = agents.find(candidate => candidate.id === agentId);
            if (!agent) {
                this.messages.error(`@${agentId} has no API key variable: set "apiKeyEnv" in its aiCliChat.agents entry.`);
            }
            return agent;
        }
        if (agents.length === 0) {
            this.messages.info(noneMessage);
            return undefined;
        }
        const picked = await this.quickInput.showQuickPick(
            agents.map(agent => ({ label: `@${agent.id}`, description: agent.displayName, id: agent.id })), { placeholder });
        return picked && agents.find(agent => agent.id === picked.id);
    }
}
