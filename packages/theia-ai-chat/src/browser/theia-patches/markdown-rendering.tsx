import * as React from '@theia/core/shared/react';
import { URI } from '@theia/core/lib/common/uri';
import { OpenerService, open } from '@theia/core/lib/browser/opener-service';
import { MarkdownString } from '@theia/core/lib/common/markdown-rendering';
import * as markdownPartRenderer from '@theia/ai-chat-ui/lib/browser/chat-response-renderer/markdown-part-renderer';
import type { DeclaredEventsEventListenerObject } from '@theia/ai-chat-ui/lib/browser/chat-response-renderer/markdown-part-renderer';
import { allowHeldBackResource, clickedElement, linkHref, sanitizedMarkdown } from '../../common/chat-markdown';

/**
 * Theia's `useMarkdownRendering` (the user's messages in the chat tree, an agent's questions, the @ suggestions) with
 * one markdown-it for every render. Theia's builds a markdown-it and its emoji plugin each time a message renders:
 * about 1.5 ms in production, most of the cost of laying out a message just sent (it ran while the agent's first
 * chunk waited), and again for each message in view when a chat opens. What is rendered, what is sanitized and held back,
 * and what a click does are Theia's.
 */
export const useMarkdownRenderingWithOneParser: typeof markdownPartRenderer.useMarkdownRendering = (
    markdown: string | MarkdownString,
    openerService: OpenerService,
    skipSurroundingParagraph = false,
    eventHandler?: DeclaredEventsEventListenerObject,
    blockExternalResourceLoading = true
) => {
    const ref = React.useRef<HTMLDivElement | null>(null);
    const text = typeof markdown === 'string' ? markdown : markdown.value;
    // Theia's dependencies: a new event handler alone does not render again.
    React.useEffect(() => {
        const target = ref.current;
        if (!target) {
            return;
        }
        target.replaceChildren(renderedHost(text, skipSurroundingParagraph, blockExternalResourceLoading));
        const onClick = (event: MouseEvent) => handleClick(event, openerService, eventHandler);
        const others = (eventHandler?.handledEvents ?? []).filter(type => type !== 'click');
        target.addEventListener('click', onClick);
        others.forEach(type => target.addEventListener(type, eventHandler!));
        return () => {
            target.removeEventListener('click', onClick);
            others.forEach(type => target.removeEventListener(type, eventHandler!));
        };
    }, [text, skipSurroundingParagraph, openerService, blockExternalResourceLoading]);
    return ref;
};

/** The rendered markdown in a div of its own, as Theia's hook puts it. */
function renderedHost(text: string, skipSurroundingParagraph: boolean, blockExternalResourceLoading: boolean): HTMLDivElement {
    const host = document.createElement('div');
    host.appendChild(sanitizedMarkdown(text, { skipSurroundingParagraph, blockExternal: blockExternalResourceLoading }));
    return host;
}

/** "Allow" on a held-back resource shows it; else the caller's handler; else a link opens through Theia. */
function handleClick(event: MouseEvent, openerService: OpenerService, eventHandler?: DeclaredEventsEventListenerObject): void {
    if (allowHeldBackResource(event)) {
        return;
    }
    if ((eventHandler?.handleEvent(event) as unknown) === true) {
        return;
    }
    // closest('a') also finds an SVG anchor, whose tag name stays lower case.
    const link = clickedElement(event)?.closest('a');
    const href = link ? linkHref(link) : undefined;
    if (href) {
        void open(openerService, new URI(href));
        event.preventDefault();
    }
}

/**
 * Theia's modules call the hook through their import of this module's exports at each render (`(0, m.useMarkdownRendering)(…)`,
 * pinned by theia-internals.spec.ts), so replacing the export reaches every caller. Done once, before the chat renders.
 */
export function renderMarkdownWithOneParser(): void {
    (markdownPartRenderer as { useMarkdownRendering: typeof markdownPartRenderer.useMarkdownRendering }).useMarkdownRendering = useMarkdownRenderingWithOneParser;
}
