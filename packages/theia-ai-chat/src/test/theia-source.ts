import * as crypto from 'crypto';
import * as fs from 'fs';

/** The compiled text of a Theia module, e.g. `@theia/ai-chat-ui/lib/browser/chat-input-widget`. */
export function moduleText(modulePath: string): string {
    return fs.readFileSync(require.resolve(modulePath), 'utf8');
}

/**
 * The source of one member of a class in a compiled Theia module (read as text: some modules cannot load in
 * Node), from its name to its closing brace; undefined when the class or the member is gone.
 */
export function memberSource(modulePath: string, className: string, member: string): string | undefined {
    const text = moduleText(modulePath);
    const classStart = text.search(new RegExp(`\\bclass ${className}\\b`));
    if (classStart < 0) {
        return undefined;
    }
    const escaped = member.replace(/[$]/g, '\\$');
    const head = new RegExp(`\\n    (?:async |static |get |set )?${escaped}\\(`, 'g');
    head.lastIndex = classStart;
    const found = head.exec(text);
    if (!found) {
        return undefined;
    }
    return throughBlock(text, found.index + 1, text.indexOf('{', found.index));
}

/** `text` from `start` to the brace that closes the one at `open`; undefined when it never closes. */
function throughBlock(text: string, start: number, open: number): string | undefined {
    let depth = 0;
    for (let i = open; i < text.length; i++) {
        depth += text[i] === '{' ? 1 : text[i] === '}' ? -1 : 0;
        if (depth === 0) {
            return text.slice(start, i + 1);
        }
    }
    return undefined;
}

/** A short fingerprint of a member's source, for the specs that pin what a patch relies on. */
export function fingerprint(source: string | undefined): string {
    return source === undefined ? 'missing' : crypto.createHash('sha256').update(source).digest('hex').slice(0, 16);
}

/** The source of a module-level `const name = (…) => {…}` in a compiled Theia module; undefined when it is gone. */
export function constFunctionSource(modulePath: string, name: string): string | undefined {
    const text = moduleText(modulePath);
    const start = text.indexOf(`\nconst ${name} = `);
    const arrow = start < 0 ? -1 : text.indexOf('=> {', start);
    return arrow < 0 ? undefined : throughBlock(text, start + 1, arrow + 3);
}
