import type * as acp from '@agentclientprotocol/sdk';

/** The answer that withdraws a permission request (stop, a closed chat): gemini waits for it to end a cancelled turn. */
export const PERMISSION_CANCELLED: acp.RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };

/**
 * The options one permission request offered, and the only answers that may go back: gemini accepts any
 * option id it is sent (acp.md §3), so every host refuses an unoffered one here, once. Imports nothing at
 * run time (`@ai-cli-companion/acp-client/permission-answers`), so a host can hold requests without loading the engine.
 */
export class OfferedOptions {
    readonly optionIds: readonly string[];

    constructor(options: readonly acp.PermissionOption[]) {
        this.optionIds = options.map(option => option.optionId);
    }

    offers(optionId: string): boolean {
        return this.optionIds.includes(optionId);
    }

    /** The answer that selects `optionId`; undefined when the request did not offer it. */
    select(optionId: string): acp.RequestPermissionResponse | undefined {
        return this.offers(optionId) ? { outcome: { outcome: 'selected', optionId } } : undefined;
    }
}
