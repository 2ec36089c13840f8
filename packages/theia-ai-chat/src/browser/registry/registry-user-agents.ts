import { inject, injectable } from '@theia/core/shared/inversify';
import { MessageService } from '@theia/core/lib/common/message-service';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { PreferenceScope } from '@theia/core/lib/common/preferences/preference-scope';
import { AGENTS_PREFERENCE, userAcpChatSetting } from '../../common/acp-chat-preferences';

/** One entry of the user's aiCliChat.agents, as far as the registry commands read it. */
export interface UserAgentEntry {
    readonly name?: unknown;
    readonly registry?: { readonly id?: unknown; readonly version?: unknown };
}

/** The button that reads the registry again after it changed under a confirmed install or update. */
export const LOOK_AGAIN = 'Look Again';

/** The user's aiCliChat.agents as the registry commands read and write them: the user scope only, never a workspace's. */
@injectable()
export class RegistryUserAgents {
    @inject(PreferenceService) protected readonly preferences: PreferenceService;

    all(): UserAgentEntry[] {
        const value = userAcpChatSetting(name => this.preferences.inspect(name))(AGENTS_PREFERENCE);
        return Array.isArray(value) ? value as UserAgentEntry[] : [];
    }

    async write(agents: readonly unknown[]): Promise<void> {
        await this.preferences.set(AGENTS_PREFERENCE, agents, PreferenceScope.User);
    }

    byId(id: string): UserAgentEntry | undefined {
        return this.all().find(entry => entry?.registry?.id === id);
    }
}

export async function withProgress<T>(messages: MessageService, text: string, work: () => Promise<T>): Promise<T> {
    const progress = await messages.showProgress({ text });
    try {
        return await work();
    } finally {
        progress.cancel();
    }
}

export function messageOf(error: unknown): string {
    const message = error instanceof Error ? error.message : String(error);
    // An RPC error carries the backend's message after "Request '…' failed" wrappers.
    return message.replace(/^Request '[^']*' failed\s*/, '');
}
