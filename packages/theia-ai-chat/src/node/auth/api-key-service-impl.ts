import { inject, injectable } from '@theia/core/shared/inversify';
import { AcpApiKeyService } from '../../common/acp-api-key-protocol';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { AcpApiKeys, describe } from './api-keys';

/** Stores or forgets a chat agent's key and restarts that agent's processes, so the change takes effect at its next turn. */
@injectable()
export class AcpApiKeyServiceImpl implements AcpApiKeyService {
    @inject(AcpApiKeys) protected readonly keys: AcpApiKeys;
    @inject(AcpAgentHosts) protected readonly hosts: AcpAgentHosts;

    credentialStoreProblem(): Promise<string | undefined> {
        return this.keys.problem();
    }

    apiKeyFile(): Promise<string> {
        return this.keys.keyFile();
    }

    async setApiKey(agentId: string, key: string, allowFile?: boolean): Promise<{ stored: true; where?: string } | { error: string }> {
        const trimmed = typeof key === 'string' ? key.trim() : '';
        if (!trimmed) {
            return { error: 'The API key is empty.' };
        }
        let where: string;
        try {
            where = await this.keys.set(agentId, trimmed, allowFile === true);
        } catch (error) {
            return { error: `The key was not stored: ${describe(error)}.` };
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
