import markdownit from '@theia/core/shared/markdown-it';
import * as markdownitemoji from '@theia/core/shared/markdown-it-emoji';
import {
    BLOCKED_RESOURCE_ALLOW_CLASS, BLOCKED_RESOURCE_CLASS, BLOCKED_RESOURCE_WRAPPER_CLASS, restoreBlockedResource
} from '@theia/ai-chat-ui/lib/browser/chat-response-renderer/block-external-resources';

/*
 * What the agents' answers (turn/) and Theia's own markdown hook (theia-patches/markdown-rendering.tsx) share, so in
 * common/, which both may import. Like frame-scheduler.ts, only the browser calls it.
 */

/**
 * One markdown-it (HTML allowed, emoji) for everything the chat renders. Building one costs more than rendering a
 * message: the emoji plugin compiles a pattern of every emoji name (about 1.5 ms in production).
 */
let parser: ReturnType<typeof markdownit> | undefined;

/** The chat's markdown-it, built on first use. Rendering with it keeps no state between calls. */
export function chatMarkdownParser(): ReturnType<typeof markdownit> {
    return parser ??= markdownit({ html: true }).use(markdownitemoji.full);
}

/** The element a click in rendered markdown landed on (a text node's parent). */
export function clickedElement(event: MouseEvent): Element | undefined {
    return event.target instanceof Element ? event.target : (event.target as Node | null)?.parentElement ?? undefined;
}

/** "Allow" on a resource the chat held back (an image, a video) puts it in its place; true when the click was that. */
export function allowHeldBackResource(event: MouseEvent): boolean {
    const allow = clickedElement(event)?.closest(`.${BLOCKED_RESOURCE_ALLOW_CLASS}`);
    if (!allow) {
        return false;
    }
    const placeholder = allow.closest(`.${BLOCKED_RESOURCE_CLASS}`);
    const restored = placeholder ? restoreBlockedResource(placeholder) : undefined;
    if (placeholder && restored) {
        const wrapper = placeholder.parentElement?.classList.contains(BLOCKED_RESOURCE_WRAPPER_CLASS) ? placeholder.parentElement : undefined;
        (wrapper ?? placeholder).replaceWith(restored);
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
}
