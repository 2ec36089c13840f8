import { ParseError, parse } from 'jsonc-parser';
import { readRegularFileSync } from './regular-file-read';

/** Settings files are small; a bigger one is not read (nor a FIFO or device: a cloned repository's `.theia/settings.json` could be one). */
const MAX_SETTINGS_BYTES = 4 * 1024 * 1024;

/**
 * A settings file as the editors and CLIs write them (comments, trailing commas): its top-level object,
 * or undefined when it is missing, unreadable or not an object. Read tolerantly, as the editors read their
 * own settings: a syntax error loses what follows it, not the keys before it.
 */
export function readJsoncObject(file: string): Record<string, unknown> | undefined {
    let text: string;
    try {
        text = readRegularFileSync(file, MAX_SETTINGS_BYTES, { followLinks: true }).bytes.toString('utf8');
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
