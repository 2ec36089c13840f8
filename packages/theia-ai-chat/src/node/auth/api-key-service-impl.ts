import { inject, injectable } from '@theia/core/shared/inversify';
import { AcpApiKeyService, ApiKeyStorage } from '../../common/auth/acp-api-key-protocol';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { AcpApiKeys } from './api-keys';

/** Stores or forgets a chat agent's key and restarts that agent's processes, so the change takes effect at its next turn. */
@injectable()
export class AcpApiKeyServiceImpl implements AcpApiKeyService {
    @inject(AcpApiKeys) protected readonly keys: AcpApiKeys;
    @inject(AcpAgentHosts) protected readonly hosts: AcpAgentHosts;

    apiKeyStorage(): Promise<ApiKeyStorage> {
        return this.keys.storage();
    }

    async setApiKey(agentId: string, key: string): Promise<{ stored: true; where?: string } | { error: string }> {
        const trimmed = typeof key === 'string' ? key.trim() : '';
        if (!trimmed) {
            return { error: 'The API key is empty.' };
        }
        let where: string;
        try {
            where = await this.keys.set(agentId, trimmed);
        } catch (error) {
            // The policy's refusal says how to agree; a keychain failing mid-write says its own reason.
            return { error: `The key was not stored: ${(error as Error).message.split('\n')[0]}.` };
        }
        this.hosts.restart(agentId);
        return { stored: true, where };
    }

    async forgetApiKey(agentId: string): Promise<boolean> {
        const forgotten = await this.keys.forget(agentId);
        if (forgotten) {
            this.hosts.restart(agentId);
        }
        return forgotten;
    }

    agentsWithApiKey(): Promise<string[]> {
        return this.keys.agentIds();
    }
}
