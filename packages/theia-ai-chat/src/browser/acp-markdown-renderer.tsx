import * as React from '@theia/core/shared/react';
import markdownit from '@theia/core/shared/markdown-it';
import * as markdownitemoji from '@theia/core/shared/markdown-it-emoji';
import * as DOMPurify from '@theia/core/shared/dompurify';
import { inject, injectable } from '@theia/core/shared/inversify';
import { URI } from '@theia/core/lib/common/uri';
import { OpenerService, open } from '@theia/core/lib/browser/opener-service';
import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import {
    BLOCKED_RESOURCE_ALLOW_CLASS, BLOCKED_RESOURCE_CLASS, BLOCKED_RESOURCE_WRAPPER_CLASS, blockExternalResources, restoreBlockedResource
} from '@theia/ai-chat-ui/lib/browser/chat-response-renderer/block-external-resources';
import { AcpMarkdownPart } from './acp-markdown-parts';

/** One parser for every part: building markdown-it with its emoji plugin costs more than rendering a part. */
let parser: ReturnType<typeof markdownit> | undefined;
function markdownParser(): ReturnType<typeof markdownit> {
    return parser ??= markdownit({ html: true }).use(markdownitemoji.full);
}

/** Markdown as the chat shows an answer: markdown-it (HTML allowed), sanitized, external resources held back. */
export function renderChatMarkdown(markdown: string): DocumentFragment {
    const template = document.createElement('template');
    template.innerHTML = DOMPurify.sanitize(markdownParser().render(markdown), {
        ALLOW_UNKNOWN_PROTOCOLS: true, // links to files open through Theia's opener service
        ADD_TAGS: ['iframe', 'frame'], // kept so that blockExternalResources can replace them
        ADD_ATTR: ['src', 'srcset', 'srcdoc', 'poster', 'href', 'xlink:href', 'data']
    });
    blockExternalResources(template.content, true);
    return template.content;
}

/** A click in rendered markdown: "allow" on a held-back resource shows it, a link opens in Theia. */
export function handleMarkdownClick(event: MouseEvent, openerService: OpenerService): void {
    const target = event.target instanceof Element ? event.target : (event.target as Node | null)?.parentElement;
    const allow = target?.closest(`.${BLOCKED_RESOURCE_ALLOW_CLASS}`);
    if (allow) {
        const placeholder = allow.closest(`.${BLOCKED_RESOURCE_CLASS}`);
        const restored = placeholder ? restoreBlockedResource(placeholder) : undefined;
        if (placeholder && restored) {
            const wrapper = placeholder.parentElement?.classList.contains(BLOCKED_RESOURCE_WRAPPER_CLASS) ? placeholder.parentElement : undefined;
            (wrapper ?? placeholder).replaceWith(restored);
        }
        event.preventDefault();
        event.stopPropagation();
        return;
    }
    const link = target?.closest('a');
    const href = link?.getAttribute('href') ?? link?.getAttribute('xlink:href');
    if (href) {
        void open(openerService, new URI(href));
        event.preventDefault();
    }
}

const AcpMarkdown: React.FC<{ text: string; openerService: OpenerService }> = ({ text, openerService }) => {
    const ref = React.useRef<HTMLDivElement>(null);
    // A layout effect: the text is in the page when React commits, not one task later (Theia's renderer
    // uses a passive effect, which React runs in a task of its own, behind whatever else the page does).
    React.useLayoutEffect(() => {
        // The same elements as Theia's renderer: the rendered markdown in a div of its own.
        const host = document.createElement('div');
        host.appendChild(renderChatMarkdown(text));
        ref.current?.replaceChildren(host);
    }, [text]);
    React.useEffect(() => {
        const host = ref.current;
        const onClick = (event: MouseEvent) => handleMarkdownClick(event, openerService);
        host?.addEventListener('click', onClick);
        return () => host?.removeEventListener('click', onClick);
    }, [openerService]);
    return <div ref={ref}></div>;
};

/**
 * Renders the ACP agents' message text like Theia's markdown part renderer does, with one markdown-it
 * for all parts: Theia's `useMarkdownRendering` builds a new markdown-it and emoji plugin each time a
 * part renders, which profiles show as most of the cost of the first token and of each streamed frame.
 */
@injectable()
export class AcpMarkdownRenderer implements ChatResponsePartRenderer<AcpMarkdownPart> {
    @inject(OpenerService) protected readonly openerService: OpenerService;

    canHandle(content: ChatResponseContent): number {
        return content instanceof AcpMarkdownPart ? 20 : -1; // Theia's markdown renderer: 10
    }

    render(content: AcpMarkdownPart): React.ReactNode {
        return <AcpMarkdown text={content.content.value} openerService={this.openerService} />;
    }
}
