import type * as acp from '@agentclientprotocol/sdk';
import { OfferedOptions, PERMISSION_CANCELLED as CANCELLED } from '@ai-cli-companion/acp-client/permission-answers';
import { PendingRequests } from '../agents/pending-requests';

/**
 * Permission requests waiting for the user. Only an option the agent offered can be sent (the engine's
 * OfferedOptions: gemini would accept any outcome string, acp.md §3); everything else is refused.
 */
export class PendingPermissions {
    private readonly requests = new PendingRequests<OfferedOptions, acp.RequestPermissionResponse>('acp-permission', CANCELLED);

    /** Registers a request; resolves with the answer, or `cancelled` when withdrawn (also when its signal was already aborted). */
    add(chatSessionId: string, options: readonly acp.PermissionOption[], signal: AbortSignal,
        onSettled: (permissionId: string) => void): { permissionId: string; answer: Promise<acp.RequestPermissionResponse> } {
        const { id, answer } = this.requests.add(chatSessionId, new OfferedOptions(options), signal, onSettled);
        return { permissionId: id, answer };
    }

    /** The user's choice (a rejection's `reason` goes in `_meta`); false for an unknown request or an option that was not offered. */
    answer(permissionId: string, optionId: string | undefined, reason?: string): boolean {
        const offered = this.requests.get(permissionId);
        const response = optionId === undefined ? CANCELLED : offered?.select(optionId, reason);
        return !!offered && !!response && this.requests.settle(permissionId, response);
    }

    /** Stop: every question of the chat session answered `cancelled` (gemini waits for that). */
    cancelAll(chatSessionId: string): void {
        this.requests.cancelAll(chatSessionId);
    }

    get size(): number {
        return this.requests.size;
    }
}
