import type * as acp from '@agentclientprotocol/sdk';
import { OfferedOptions } from '@ai-cli-companion/acp-client';
import { ToolOutcome } from '../http/api-types';

interface PendingConfirmation {
    readonly workspace: string;
    readonly offered: OfferedOptions;
    readonly answer: (outcome: ToolOutcome) => void;
}

export type ConfirmVerdict =
    | { ok: true }
    | { ok: false; status: 404 | 400; message: string };

/** Permission requests waiting for `/tool-confirmation`, by call id, across every workspace. */
export class PendingConfirmations {
    private readonly pending = new Map<string, PendingConfirmation>();

    add(callId: string, workspace: string, options: readonly acp.PermissionOption[], answer: (outcome: ToolOutcome) => void): void {
        this.pending.set(callId, { workspace, offered: new OfferedOptions(options), answer });
    }

    remove(callId: string): void {
        this.pending.delete(callId);
    }

    /** An outcome the agent did not offer is refused (the engine's OfferedOptions): gemini itself would accept it (acp.md §3). */
    answer(callId: string, outcome: ToolOutcome): ConfirmVerdict {
        const entry = this.pending.get(callId);
        if (!entry) {
            return { ok: false, status: 404, message: `No tool call "${callId}" is waiting for confirmation.` };
        }
        if (!entry.offered.offers(outcome)) {
            return { ok: false, status: 400, message: `Outcome "${outcome}" was not offered for this call; offered: ${entry.offered.optionIds.join(', ')}.` };
        }
        this.pending.delete(callId);
        entry.answer(outcome);
        return { ok: true };
    }

    /** Call ids still waiting in one workspace. */
    callIdsOf(workspace: string): string[] {
        return [...this.pending].filter(([, entry]) => entry.workspace === workspace).map(([callId]) => callId);
    }
}
