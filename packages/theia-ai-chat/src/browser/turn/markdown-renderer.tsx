import * as React from '@theia/core/shared/react';
import { inject, injectable } from '@theia/core/shared/inversify';
import { URI } from '@theia/core/lib/common/uri';
import { OpenerService, open } from '@theia/core/lib/browser/opener-service';
import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { AcpMarkdownPart } from './markdown-parts';
import { agentLinkTarget } from './agent-links';
import { animationFrameScheduler, FrameScheduler } from '../../common/frame-scheduler';
import { allowHeldBackResource, clickedElement, linkHref, sanitizedMarkdown } from '../../common/chat-markdown';

/** What a link in an agent's markdown opens, if anything (see acp-agent-links.ts). */
export type LinkTarget = (href: string) => URI | undefined;

/**
 * Markdown as the chat shows an answer: markdown-it (HTML allowed), sanitized, external resources held
 * back, and links that `target` would not open shown as their text: an agent must not get a click to
 * run `command:` URIs through Theia's opener.
 */
export function renderChatMarkdown(markdown: string, target: LinkTarget): DocumentFragment {
    const content = sanitizedMarkdown(markdown, { forbidTags: FORBIDDEN_TAGS });
    inertLinks(content, target);
    unpositioned(content);
    return content;
}

/**
 * What an agent's answer never shows: a form (with a password field and a button it passes for the IDE's own
 * sign-in, posting wherever it says), image maps, and style sheets (a `<style>` applies to the whole window).
 */
export const FORBIDDEN_TAGS = ['form', 'input', 'button', 'select', 'textarea', 'option', 'map', 'area', 'style'] as const;

/**
 * Inline styles lose `position`: with `fixed` or `sticky` an answer could lay itself over the whole window
 * (`position:fixed; inset:0; z-index:99999`), with `absolute` over the chat. Removed through the browser's
 * own CSS parser, so no spelling (escapes, comments, case, `!important`) keeps it; colours and the like stay.
 */
function unpositioned(content: DocumentFragment): void {
    for (const element of Array.from(content.querySelectorAll<HTMLElement>('[style]'))) {
        element.style.removeProperty('position');
        if (!element.style.cssText.trim()) {
            element.removeAttribute('style');
        }
    }
}

/** Links that would open nothing allowed become a span with their text; the address shows as its tooltip. */
function inertLinks(content: DocumentFragment, target: LinkTarget): void {
    for (const link of Array.from(content.querySelectorAll('a'))) {
        const href = linkHref(link);
        if (href !== undefined && !target(href)) {
            const text = document.createElement('span');
            text.className = 'theia-acp-inert-link';
            text.title = `Not opened from an agent's answer: ${href}`;
            text.append(...Array.from(link.childNodes));
            link.replaceWith(text);
        }
    }
}

/** A click in rendered markdown: "allow" on a held-back resource shows it, a link opens in Theia if `target` allows it. */
export function handleMarkdownClick(event: MouseEvent, openerService: OpenerService, target: LinkTarget): void {
    if (allowHeldBackResource(event)) {
        return;
    }
    const link = clickedElement(event)?.closest('a');
    const href = link ? linkHref(link) : undefined;
    if (href !== undefined) {
        event.preventDefault(); // never the browser's own navigation, whatever the scheme
        const uri = target(href);
        if (uri) {
            void open(openerService, uri);
        }
    }
}

/** Markdown characters rendered per frame when parts come in a burst (a 1 MB chunk is 8 parts at once). */
export const MARKDOWN_CHARS_PER_FRAME = 64 * 1024;

/**
 * Spreads the rendering of many markdown parts over frames: a part renders at once while this frame's
 * budget lasts (the first always does), later ones wait for the next frames, in order. One task then
 * renders about MARKDOWN_CHARS_PER_FRAME, however much text arrived in it.
 */
export class MarkdownRenderBudget {
    private used = 0;
    private readonly queue: Array<{ chars: number; render(): void }> = [];
    private frameArmed = false;

    constructor(private readonly schedule: FrameScheduler = animationFrameScheduler, private readonly perFrame = MARKDOWN_CHARS_PER_FRAME) { }

    /** Renders now or in a later frame; the returned function drops a render that has not run yet. */
    run(chars: number, render: () => void): () => void {
        const job = { chars, render };
        this.queue.push(job);
        this.drain();
        return () => {
            const at = this.queue.indexOf(job);
            if (at >= 0) {
                this.queue.splice(at, 1);
            }
        };
    }

    private drain(): void {
        while (this.queue.length > 0 && (this.used === 0 || this.used + this.queue[0].chars <= this.perFrame)) {
            const job = this.queue.shift()!;
            this.used += job.chars;
            try {
                job.render();
            } catch (error) {
                // One part that cannot render must not keep the parts after it from rendering.
                console.error('Could not render an agent\'s markdown', error);
            }
        }
        if (!this.frameArmed && (this.used > 0 || this.queue.length > 0)) {
            this.frameArmed = true;
            this.schedule(() => {
                this.frameArmed = false;
                this.used = 0;
                this.drain();
            });
        }
    }
}

interface AcpMarkdownProps { text: string; openerService: OpenerService; target: LinkTarget; renderBudget: MarkdownRenderBudget }

const AcpMarkdown: React.FC<AcpMarkdownProps> = ({ text, openerService, target, renderBudget }) => {
    const ref = React.useRef<HTMLDivElement>(null);
    // A layout effect: the text is in the page when React commits, not one task later (Theia's renderer
    // uses a passive effect, which React runs in a task of its own, behind whatever else the page does).
    React.useLayoutEffect(() => renderBudget.run(text.length, () => {
        // The same elements as Theia's renderer: the rendered markdown in a div of its own.
        const host = document.createElement('div');
        host.appendChild(renderChatMarkdown(text, target));
        ref.current?.replaceChildren(host);
    }), [text, target, renderBudget]);
    React.useEffect(() => {
        const host = ref.current;
        const onClick = (event: MouseEvent) => handleMarkdownClick(event, openerService, target);
        host?.addEventListener('click', onClick);
        return () => host?.removeEventListener('click', onClick);
    }, [openerService, target]);
    return <div className='theia-acp-markdown' ref={ref}></div>;
};

/**
 * Renders the ACP agents' message text like Theia's markdown part renderer does, with one markdown-it
 * for all parts: Theia's `useMarkdownRendering` builds a new markdown-it and emoji plugin each time a
 * part renders, which profiles show as most of the cost of the first token and of each streamed frame.
 */
@injectable()
export class AcpMarkdownRenderer implements ChatResponsePartRenderer<AcpMarkdownPart> {
    @inject(OpenerService) protected readonly openerService: OpenerService;
    @inject(WorkspaceService) protected readonly workspaceService: WorkspaceService;

    /** Web links, and files inside the workspace as it is at the time of the render or the click. */
    /** Shared by all parts: a burst of parts renders over several frames. */
    protected readonly renderBudget = new MarkdownRenderBudget();

    protected readonly linkTarget: LinkTarget = href => agentLinkTarget(href, this.workspaceService.tryGetRoots().map(root => root.resource));

    canHandle(content: ChatResponseContent): number {
        return content instanceof AcpMarkdownPart ? 20 : -1; // Theia's markdown renderer: 10
    }

    render(content: AcpMarkdownPart): React.ReactNode {
        return <AcpMarkdown text={content.content.value} openerService={this.openerService} target={this.linkTarget} renderBudget={this.renderBudget} />;
    }
}
