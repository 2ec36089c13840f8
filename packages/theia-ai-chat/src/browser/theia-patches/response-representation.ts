import { ChatResponse } from '@theia/ai-chat/lib/common/chat-model';

/** The members of Theia's `ChatResponseImpl` (not exported) that keep the response's text. */
interface ResponseRepresentation {
    _updateResponseRepresentation(): void;
    asString(): string;
    asDisplayString(): string;
}

/**
 * Makes one response's text (`asString()`, `asDisplayString()`) be joined when it is asked for, not on
 * every change. Theia's `ChatResponseImpl` re-joins the text of all parts twice on each `addContent`:
 * while a 1 MB answer streams, that is several MB copied per frame and, after the page was busy and a
 * frame brings many parts at once, main-thread tasks of over 100 ms. Nothing reads the text while the
 * answer streams (the chat view renders the parts); whoever asks gets the same text as before.
 * Leaves the response as it is when Theia no longer has these members.
 */
export function joinTextOnDemand(response: ChatResponse): void {
    const target = response as unknown as ResponseRepresentation;
    const own = Object.getPrototypeOf(target) as Partial<ResponseRepresentation>;
    if (typeof own._updateResponseRepresentation !== 'function' || typeof own.asString !== 'function' || typeof own.asDisplayString !== 'function'
        || Object.prototype.hasOwnProperty.call(target, '_updateResponseRepresentation')) {
        return;
    }
    const update = own._updateResponseRepresentation;
    const asString = own.asString;
    const asDisplayString = own.asDisplayString;
    let stale = true;
    const current = (): void => {
        if (stale) {
            stale = false;
            update.call(target);
        }
    };
    target._updateResponseRepresentation = () => { stale = true; };
    target.asString = () => { current(); return asString.call(target); };
    target.asDisplayString = () => { current(); return asDisplayString.call(target); };
}
