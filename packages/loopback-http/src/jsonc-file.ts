import * as fs from 'fs';
import { ParseError, parse } from 'jsonc-parser';

/**
 * A settings file as the editors and CLIs write them (comments, trailing commas): its top-level object,
 * or undefined when it is missing, unreadable or not an object. Read tolerantly, as the editors read their
 * own settings: a syntax error loses what follows it, not the keys before it.
 */
export function readJsoncObject(file: string): Record<string, unknown> | undefined {
    let text: string;
    try {
        text = fs.readFileSync(file, 'utf8');
    } catch {
        return undefined;
    }
    const errors: ParseError[] = [];
    const value: unknown = parse(text, errors, { allowTrailingComma: true });
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
}

/** The value at a key path (`['ide', 'enabled']`), or undefined where the path does not lead. */
export function valueAt(object: Record<string, unknown> | undefined, keyPath: readonly string[]): unknown {
    let value: unknown = object;
    for (const key of keyPath) {
        value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    }
    return value;
}
