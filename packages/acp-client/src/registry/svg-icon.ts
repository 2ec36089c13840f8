/** Registry icons are 16×16 monochrome glyphs: a few KB at most. */
export const MAX_SVG_ICON_BYTES = 64 * 1024;

/**
 * The elements a drawn icon needs. Everything else (script, foreignObject, style, image, iframe, a,
 * animate/set, which can rewrite an href) is refused rather than cleaned: a registry icon is untrusted
 * text that a frontend may put into the page.
 */
const ALLOWED_ELEMENTS = new Set([
    'svg', 'g', 'path', 'circle', 'ellipse', 'rect', 'line', 'polyline', 'polygon', 'defs', 'clippath', 'mask',
    'lineargradient', 'radialgradient', 'stop', 'title', 'desc', 'symbol', 'use', 'text', 'tspan', 'metadata'
]);

/** Quote-aware, so a `>` inside an attribute value cannot end the tag early and hide the attributes after it. */
const TAG = /<\s*(\/?)\s*([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s=/"'<>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g;

/**
 * Passes SVG text through only when it holds nothing but drawing: allowed elements, no event handler
 * attributes, no `href` other than a same-document `#fragment`, no `url(...)` other than `url(#id)`,
 * no `javascript:`, no DOCTYPE/ENTITY/CDATA or processing instructions other than the XML prolog.
 */
export function checkSvgIcon(text: string): { svg: string } | { problem: string } {
    if (Buffer.byteLength(text, 'utf8') > MAX_SVG_ICON_BYTES) {
        return { problem: `the SVG is larger than ${MAX_SVG_ICON_BYTES} bytes.` };
    }
    const svg = text.trim().replace(/^<\?xml[^?]*\?>\s*/, '');
    if (!/^<svg[\s>]/i.test(svg)) {
        return { problem: 'it is not an <svg> element.' };
    }
    if (/<!(?!--)|<\?|\]\]>/.test(svg)) {
        return { problem: 'it has a DOCTYPE, ENTITY, CDATA section or processing instruction.' };
    }
    // Comments can hide nothing from the checks below, but they can confuse a parser that reads them differently.
    const body = svg.replace(/<!--[\s\S]*?-->/g, '');
    if (body.includes('<!--')) {
        return { problem: 'it has an unclosed comment.' };
    }
    if (/javascript:|data:|vbscript:/i.test(body)) {
        return { problem: 'it names a javascript:, data: or vbscript: URL.' };
    }
    // A character reference can spell what the checks look for ("javascript&colon;", "&#104;ref").
    if (/&(?!(?:amp|lt|gt|quot|apos);)/i.test(body)) {
        return { problem: 'it has character references other than &amp; &lt; &gt; &quot; &apos;.' };
    }
    let sawTag = false;
    for (const match of body.matchAll(TAG)) {
        sawTag = true;
        const element = match[2].toLowerCase().replace(/^svg:/, '');
        if (!ALLOWED_ELEMENTS.has(element)) {
            return { problem: `it has a <${match[2].slice(0, 40)}> element, which an icon does not need.` };
        }
        const problem = match[1] ? undefined : checkAttributes(match[3]);
        if (problem) {
            return { problem };
        }
    }
    // A "<" that no tag pattern matched is markup we did not read: refuse it rather than guess.
    const tagCount = [...body.matchAll(TAG)].length;
    if (!sawTag || (body.match(/</g) ?? []).length !== tagCount) {
        return { problem: 'it has markup that could not be read.' };
    }
    return { svg };
}

function checkAttributes(attributes: string): string | undefined {
    for (const match of attributes.matchAll(ATTRIBUTE)) {
        const name = match[1].toLowerCase();
        const value = (match[2] ?? '').replace(/^["']|["']$/g, '').trim();
        if (name === '/') {
            continue;
        }
        if (name.startsWith('on')) {
            return `it has an event handler attribute (${match[1].slice(0, 40)}).`;
        }
        if ((name === 'href' || name.endsWith(':href')) && !value.startsWith('#')) {
            return `it links outside itself (${match[1]}="${value.slice(0, 60)}").`;
        }
        if (/url\s*\(/i.test(value) && /url\s*\(\s*["']?\s*[^#\s"')]/i.test(value)) {
            return `it loads a url(...) outside itself (${match[1].slice(0, 40)}).`;
        }
        if (name === 'style' && /@import|expression\s*\(/i.test(value)) {
            return 'it has a style that imports or evaluates.';
        }
    }
    return undefined;
}
