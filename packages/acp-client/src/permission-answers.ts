import type * as acp from '@agentclientprotocol/sdk';

/** The answer that withdraws a permission request (stop, a closed chat): gemini waits for it to end a cancelled turn. */
export const PERMISSION_CANCELLED: acp.RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };

/**
 * The `_meta` key of a rejection's reason, the user's own words for why (issue 30 part 3). No agent reads it
 * yet: the chat also sends the reason as its next message.
 */
export const REJECT_REASON_META_KEY = 'aiCliCompanion/rejectReason';
/** A reason longer than this is cut: it is a sentence for the model, not a document. */
export const REJECT_REASON_MAX_LENGTH = 2000;

/**
 * The options one permission request offered, and the only answers that may go back: gemini accepts any
 * option id it is sent (acp.md §3), so every host refuses an unoffered one here, once. Imports nothing at
 * run time (`@ai-cli-companion/acp-client/permission-answers`), so a host can hold requests without loading the engine.
 */
export class OfferedOptions {
    readonly optionIds: readonly string[];
    /** The rejecting options: only those carry a reason. */
    private readonly rejecting: ReadonlySet<string>;

    constructor(options: readonly acp.PermissionOption[]) {
        this.optionIds = options.map(option => option.optionId);
        this.rejecting = new Set(options.filter(option => String(option.kind).startsWith('reject')).map(option => option.optionId));
    }

    offers(optionId: string): boolean {
        return this.optionIds.includes(optionId);
    }

    /**
     * The answer that selects `optionId`; undefined when the request did not offer it. A non-blank `reason` on a
     * rejecting option goes in `_meta` under REJECT_REASON_META_KEY; on an allowing one it is dropped.
     */
    select(optionId: string, reason?: string): acp.RequestPermissionResponse | undefined {
        if (!this.offers(optionId)) {
            return undefined;
        }
        const outcome = { outcome: 'selected', optionId } as const;
        const said = typeof reason === 'string' ? reason.trim().slice(0, REJECT_REASON_MAX_LENGTH) : '';
        return said && this.rejecting.has(optionId) ? { outcome, _meta: { [REJECT_REASON_META_KEY]: said } } : { outcome };
    }
}
