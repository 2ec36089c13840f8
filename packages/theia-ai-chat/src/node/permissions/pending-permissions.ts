import type * as acp from '@agentclientprotocol/sdk';
import { OfferedOptions, PERMISSION_CANCELLED as CANCELLED } from '@ai-cli-companion/acp-client/permission-answers';

interface Pending {
    readonly chatSessionId: string;
    readonly offered: OfferedOptions;
    readonly resolve: (response: acp.RequestPermissionResponse) => void;
}

/**
 * Permission requests waiting for the user. Only an option the agent offered can be sent (the engine's
 * OfferedOptions: gemini would accept any outcome string, acp.md §3); everything else is refused.
 */
export class PendingPermissions {
    private readonly pending = new Map<string, Pending>();
    private next = 0;

    /** Registers a request; resolves with the answer, or `cancelled` when withdrawn. */
    add(chatSessionId: string, options: readonly acp.PermissionOption[], signal: AbortSignal,
        onSettled: (permissionId: string) => void): { permissionId: string; answer: Promise<acp.RequestPermissionResponse> } {
        const permissionId = `acp-permission-${++this.next}`;
        const answer = new Promise<acp.RequestPermissionResponse>(resolve => {
            const settle = (response: acp.RequestPermissionResponse) => {
                if (this.pending.delete(permissionId)) {
                    signal.removeEventListener('abort', withdrawn);
                    onSettled(permissionId);
                    resolve(response);
                }
            };
            const withdrawn = () => settle(CANCELLED);
            signal.addEventListener('abort', withdrawn, { once: true });
            this.pending.set(permissionId, { chatSessionId, offered: new OfferedOptions(options), resolve: settle });
        });
        return { permissionId, answer };
    }

    /** The user's choice (a rejection's `reason` goes in `_meta`); false for an unknown request or an option that was not offered. */
    answer(permissionId: string, optionId: string | undefined, reason?: string): boolean {
        const entry = this.pending.get(permissionId);
        const response = optionId === undefined ? CANCELLED : entry?.offered.select(optionId, reason);
        if (!entry || !response) {
            return false;
        }
        entry.resolve(response);
        return true;
    }

    /** Stop: every question of the chat session answered `cancelled` (gemini waits for that). */
    cancelAll(chatSessionId: string): void {
        for (const entry of [...this.pending.values()]) {
            if (entry.chatSessionId === chatSessionId) {
                entry.resolve(CANCELLED);
            }
        }
    }

    get size(): number {
        return this.pending.size;
    }
}
