import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { MessageService } from '@theia/core/lib/common/message-service';
import { PreferenceProviderProvider, PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { PreferenceScope } from '@theia/core/lib/common/preferences/preference-scope';
import { AgentService } from '@theia/ai-core/lib/common/agent-service';
import { ChatAgentService } from '@theia/ai-chat/lib/common/chat-agent-service';
import { ChatAgent } from '@theia/ai-chat/lib/common/chat-agents';
import { AcpChatAgentDefinition, userAcpChatAgents } from '../../common/agents/acp-chat-agents';
import { ACP_CHAT_PREFERENCES, userAcpChatSetting } from '../../common/acp-chat-preferences';
import { AcpChatAgent } from './chat-agent';
import { AcpChatAgentServices } from './agent-services';
import { AcpAgentDirectory } from '../session/agent-directory';
import { AcpAgentHistory } from '../history/agent-history';

/**
 * Registers the chat agents from the user's preferences: the enabled built-ins (with their command
 * preference) and every valid `aiCliChat.agents` entry; re-registers when those change. A workspace's
 * settings are never read: they could make the chat start a cloned repository's own program. A conversation
 * opened from the agent's own history goes to its agent before the first prompt.
 */
@injectable()
export class AcpChatAgentRegistry implements FrontendApplicationContribution, AcpAgentDirectory {
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(PreferenceProviderProvider) protected readonly providerProvider: PreferenceProviderProvider;
    @inject(ChatAgentService) protected readonly chatAgents: ChatAgentService;
    @inject(AgentService) protected readonly agentService: AgentService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(AcpChatAgentServices) protected readonly services: AcpChatAgentServices;
    @inject(AcpAgentHistory) protected readonly history: AcpAgentHistory;

    protected readonly registered = new Map<string, AcpChatAgent>();
    /** The problems last warned about: the two change events of one edit warn once. */
    protected warned = '[]';

    async onStart(): Promise<void> {
        this.history.onWillOpen(({ chatSessionId, agentId, opened }) => this.registered.get(agentId)?.openedFromHistory(chatSessionId, opened));
        await this.preferences.ready;
        this.sync();
        const ours = (names: string[]) => names.some(name => (ACP_CHAT_PREFERENCES as readonly string[]).includes(name));
        this.preferences.onPreferenceChanged(event => ours([event.preferenceName]) && this.sync());
        // A user change under a workspace value leaves the resolved value as it was, so Theia reports no
        // change; the agents come from the user scope, so listen to it directly.
        this.providerProvider(PreferenceScope.User)?.onDidPreferencesChanged(changes => ours(Object.keys(changes)) && this.sync());
    }

    displayName(agentId: string): string {
        return this.registered.get(agentId)?.definition.displayName ?? agentId;
    }

    isAcpAgent(agent: ChatAgent | undefined): boolean {
        return agent instanceof AcpChatAgent;
    }

    definitions(): AcpChatAgentDefinition[] {
        const { agents, problems } = userAcpChatAgents(userAcpChatSetting(name => this.preferences.inspect(name)));
        if (JSON.stringify(problems) !== this.warned) {
            this.warned = JSON.stringify(problems);
            problems.forEach(problem => this.messages.warn(problem));
        }
        return agents;
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
