import { injectable } from '@theia/core/shared/inversify';
import { generateUuid } from '@theia/core/lib/common/uuid';
import type { AcpRetry } from '../../common/chat-follow-up-commands';

/** A sign-in button's meaning: which agent, which of its methods, and the prompt to send again once signed in. */
export interface AcpSignInOffer {
    readonly agentId: string;
    readonly methodId: string;
    readonly retry?: AcpRetry;
}

/** Offers kept per window; a chat with more failed sign-ins than this has long forgotten the first. */
const MAX_OFFERS = 200;

/**
 * The sign-in buttons of this window, by random id (issue 29 parts 1, 5). A button carries only its id, so the
 * sign-in commands run nothing a link, a restored chat or another extension names: an id this window did not
 * make (or made before a reload) is unknown, and what a known one runs is computed by the backend from the
 * user's settings when it is clicked.
 */
@injectable()
export class AcpSignInOffers {
    protected readonly offers = new Map<string, AcpSignInOffer>();

    offer(offer: AcpSignInOffer): string {
        const id = generateUuid();
        this.offers.set(id, offer);
        if (this.offers.size > MAX_OFFERS) {
            this.offers.delete(this.offers.keys().next().value!);
        }
        return id;
    }

    /** The offer of a button of this window; undefined for anything else (an id from a link is just a string). */
    get(id: unknown): AcpSignInOffer | undefined {
        return typeof id === 'string' ? this.offers.get(id) : undefined;
    }
}
