import markdownit from '@theia/core/shared/markdown-it';
import * as markdownitemoji from '@theia/core/shared/markdown-it-emoji';
import * as DOMPurify from '@theia/core/shared/dompurify';
import {
    BLOCKED_RESOURCE_ALLOW_CLASS, BLOCKED_RESOURCE_CLASS, BLOCKED_RESOURCE_WRAPPER_CLASS, blockExternalResources, restoreBlockedResource
} from '@theia/ai-chat-ui/lib/browser/chat-response-renderer/block-external-resources';

/*
 * What the agents' answers (turn/) and Theia's own markdown hook (theia-patches/markdown-rendering.tsx) share, so in
 * common/, which both may import. Like frame-scheduler.ts, only the browser calls it (it uses the DOM).
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

/**
 * Markdown as the chat shows it, Theia's way: the one markdown-it (HTML allowed), sanitized with the options of Theia's
 * renderer (and `forbidTags` besides), external resources held back unless `blockExternal` is false.
 */
export function sanitizedMarkdown(markdown: string, { skipSurroundingParagraph = false, blockExternal = true, forbidTags = [] as readonly string[] } = {}): DocumentFragment {
    let html = chatMarkdownParser().render(markdown);
    if (skipSurroundingParagraph) {
        html = html.replace(/^<p>|<\/p>|<p><\/p>$/g, '');
    }
    const template = document.createElement('template');
    template.innerHTML = DOMPurify.sanitize(html, {
        ALLOW_UNKNOWN_PROTOCOLS: true, // links open through Theia's opener service, on a click the caller handles
        ADD_TAGS: ['iframe', 'frame'], // kept so that blockExternalResources replaces them
        ADD_ATTR: ['src', 'srcset', 'srcdoc', 'poster', 'href', 'xlink:href', 'data'],
        ...forbidTags.length ? { FORBID_TAGS: [...forbidTags] } : {}
    });
    blockExternalResources(template.content, blockExternal);
    return template.content;
}

/** A link's address: `href`, or an SVG anchor's `xlink:href`. */
export function linkHref(link: Element): string | undefined {
    return link.getAttribute('href') ?? link.getAttribute('xlink:href') ?? undefined;
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
