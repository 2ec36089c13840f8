import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { MessageService } from '@theia/core/lib/common/message-service';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { AgentService } from '@theia/ai-core/lib/common/agent-service';
import { ChatAgentService } from '@theia/ai-chat/lib/common/chat-agent-service';
import { AcpChatAgentDefinition, BUILT_IN_ACP_AGENTS, configuredAcpAgents } from '../common/acp-chat-agents';
import { AGENTS_PREFERENCE } from '../common/acp-chat-preferences';
import { AcpChatAgent } from './acp-chat-agent';
import { AcpChatAgentServices } from './acp-chat-agent-services';

/**
 * Registers the chat agents from the preferences: the enabled built-ins (with their command
 * preference) and every valid `aiCliChat.agents` entry; re-registers when those change.
 */
@injectable()
export class AcpChatAgentRegistry implements FrontendApplicationContribution {
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(ChatAgentService) protected readonly chatAgents: ChatAgentService;
    @inject(AgentService) protected readonly agentService: AgentService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(AcpChatAgentServices) protected readonly services: AcpChatAgentServices;

    protected readonly registered = new Map<string, AcpChatAgent>();

    async onStart(): Promise<void> {
        await this.preferences.ready;
        this.sync();
        const ours = new Set([AGENTS_PREFERENCE, ...BUILT_IN_ACP_AGENTS.flatMap(agent => [agent.enabledPreference!, agent.commandPreference!])]);
        this.preferences.onPreferenceChanged(event => {
            if (ours.has(event.preferenceName)) {
                this.sync();
            }
        });
    }

    displayName(agentId: string): string {
        return this.registered.get(agentId)?.definition.displayName ?? agentId;
    }

    definitions(): AcpChatAgentDefinition[] {
        const builtIns = BUILT_IN_ACP_AGENTS
            .filter(agent => this.preferences.get<boolean>(agent.enabledPreference!, true) !== false)
            .map(agent => ({ ...agent, command: this.preferences.get<string>(agent.commandPreference!, '')?.trim() || agent.command }));
        const { agents, problems } = configuredAcpAgents(this.preferences.get(AGENTS_PREFERENCE, []),
            BUILT_IN_ACP_AGENTS.map(agent => agent.id));
        problems.forEach(problem => this.messages.warn(problem));
        return [...builtIns, ...agents];
    }

    protected sync(): void {
        const wanted = new Map(this.definitions().map(definition => [definition.id, definition]));
        for (const [id, agent] of [...this.registered]) {
            if (JSON.stringify(wanted.get(id)) !== JSON.stringify(agent.definition)) {
                this.chatAgents.unregisterChatAgent(id);
                this.agentService.unregisterAgent(id);
                this.registered.delete(id);
            }
        }
        for (const [id, definition] of wanted) {
            if (!this.registered.has(id)) {
                const agent = new AcpChatAgent(definition, this.services);
                this.registered.set(id, agent);
                this.agentService.registerAgent(agent);
                this.chatAgents.registerChatAgent(agent);
            }
        }
    }
}
