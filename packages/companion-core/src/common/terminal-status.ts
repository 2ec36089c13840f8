/**
 * Agent status that terminal CLIs write as escape sequences (OSC 7501 "program status", OSC 21337 "tab
 * status"; see docs/terminal-clis.md). Everything here reads bytes a program in a terminal chose, so it
 * is hostile input: anything malformed is dropped whole, text is decoded, stripped of control and bidi
 * characters and capped, and identifiers must look like identifiers. Pure: no editor, no clock.
 */

export type AgentRunState = 'idle' | 'working' | 'blocked' | 'done' | 'error';
const RUN_STATES: readonly string[] = ['idle', 'working', 'blocked', 'done', 'error'];

export interface ProgramStatus {
    readonly state: AgentRunState;
    /** `claude-code`, … (an identifier, never free text). */
    readonly app?: string;
    readonly id?: string;
    /** What a blocked program waits for (`permission`, …). */
    readonly kind?: string;
    readonly progress?: number;
    readonly title?: string;
    readonly msg?: string;
}

export type ProgramStatusSequence =
    | { readonly type: 'query' }
    | { readonly type: 'clear'; readonly id?: string }
    | { readonly type: 'status'; readonly status: ProgramStatus };

/** The dossier's caps: 192 characters of title and 2,048 of msg, before encoding. */
export const STATUS_TITLE_MAX = 192;
export const STATUS_MSG_MAX = 2048;
/** Longer than any well-formed status (both texts at 4 UTF-8 bytes a character, base64): dropped unread. */
export const STATUS_PAYLOAD_MAX = 12 * 1024;

/** What a terminal answers to `ESC ] 7501 ; ? ST` so the program starts sending its status. */
export const PROGRAM_STATUS_REPLY = '\x1b]7501;?\x1b\\';

const IDENTIFIER = /^[A-Za-z0-9._-]{1,64}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Parses what follows `7501;` in an OSC 7501 sequence; undefined when it is malformed. */
export function parseProgramStatus(payload: string): ProgramStatusSequence | undefined {
    if (payload.length > STATUS_PAYLOAD_MAX) {
        return undefined;
    }
    if (payload === '?') {
        return { type: 'query' };
    }
    const fields = new Map<string, string>();
    for (const field of payload.split(':')) {
        const eq = field.indexOf('=');
        if (eq <= 0 || fields.has(field.slice(0, eq))) {
            return undefined; // no key, or a key twice: which one would be meant?
        }
        fields.set(field.slice(0, eq), field.slice(eq + 1));
    }
    const state = fields.get('state');
    const id = identifier(fields.get('id'));
    if (id === null) {
        return undefined;
    }
    if (state === 'clear') {
        return { type: 'clear', ...id !== undefined ? { id } : {} };
    }
    if (!state || !RUN_STATES.includes(state)) {
        return undefined;
    }
    const app = identifier(fields.get('app'));
    const kind = identifier(fields.get('kind'));
    const progress = fields.has('progress') ? parseProgress(fields.get('progress')!) : undefined;
    const title = fields.has('title') ? decodeText(fields.get('title')!, STATUS_TITLE_MAX) : undefined;
    const msg = fields.has('msg') ? decodeText(fields.get('msg')!, STATUS_MSG_MAX) : undefined;
    if (app === null || kind === null || progress === null || title === null || msg === null) {
        return undefined;
    }
    const status: ProgramStatus = {
        state: state as AgentRunState,
        ...app !== undefined ? { app } : {}, ...id !== undefined ? { id } : {}, ...kind !== undefined ? { kind } : {},
        ...progress !== undefined ? { progress } : {}, ...title ? { title } : {}, ...msg ? { msg } : {}
    };
    return { type: 'status', status };
}

/** OSC 21337: each present field set (a string) or cleared (null, its value was empty). */
export interface TabStatus {
    readonly indicator?: string | null;
    readonly status?: string | null;
    readonly statusColor?: string | null;
}

const COLOR = /^#[0-9A-Fa-f]{6}$/;
const TAB_FIELDS: Record<string, keyof TabStatus> = { 'indicator': 'indicator', 'status': 'status', 'status-color': 'statusColor' };

/** Parses what follows `21337;`: `indicator=#rrggbb;status=<text>;status-color=#rrggbb`, `\` escaping `\` and `;`. */
export function parseTabStatus(payload: string): TabStatus | undefined {
    if (payload.length > STATUS_PAYLOAD_MAX) {
        return undefined;
    }
    const result: { -readonly [K in keyof TabStatus]: TabStatus[K] } = {};
    for (const field of splitEscaped(payload)) {
        const eq = field.indexOf('=');
        const key = TAB_FIELDS[field.slice(0, eq)];
        if (eq <= 0 || !key || key in result) {
            return undefined;
        }
        const value = field.slice(eq + 1);
        if (value === '') {
            result[key] = null;
        } else if (key === 'status') {
            result.status = cleanText(value, STATUS_TITLE_MAX) || null;
        } else if (COLOR.test(value)) {
            result[key] = value.toLowerCase();
        } else {
            return undefined;
        }
    }
    return Object.keys(result).length ? result : undefined;
}

function splitEscaped(payload: string): string[] {
    const fields: string[] = [];
    let current = '';
    for (let i = 0; i < payload.length; i++) {
        const char = payload[i];
        if (char === '\\' && i + 1 < payload.length) {
            current += payload[++i];
        } else if (char === ';') {
            fields.push(current);
            current = '';
        } else {
            current += char;
        }
    }
    fields.push(current);
    return fields;
}

/** undefined: absent; null: present but malformed. */
function identifier(value: string | undefined): string | undefined | null {
    return value === undefined ? undefined : IDENTIFIER.test(value) ? value : null;
}

function parseProgress(value: string): number | null {
    const n = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
    return n >= 0 && n <= 100 ? n : null;
}

function decodeText(base64: string, max: number): string | null {
    if (!BASE64.test(base64) || base64.length % 4 !== 0) {
        return null;
    }
    try {
        const bytes = Uint8Array.from(atob(base64), c => c.charCodeAt(0));
        return cleanText(new TextDecoder('utf-8', { fatal: false }).decode(bytes), max);
    } catch {
        return null;
    }
}

/**
 * C0/C1 controls (a line break included) become spaces, and bidi embeddings, overrides, isolates and
 * marks are dropped, so a status cannot reorder the text around it on the tab or in a notification
 * (a "Trojan Source" spoof); the result is capped by characters, not UTF-16 units.
 */
export function cleanText(text: string, max: number): string {
    // eslint-disable-next-line no-control-regex
    const cleaned = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
        .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
        .replace(/\s+/g, ' ').trim();
    const chars = [...cleaned];
    return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : cleaned;
}

/** The names users know the status-reporting CLIs by; another app is "a terminal program". */
export const STATUS_APP_NAMES: Readonly<Record<string, string>> = {
    'claude-code': 'Claude Code', 'claude': 'Claude Code', 'copilot': 'Copilot CLI', 'copilot-cli': 'Copilot CLI',
    'antigravity': 'Antigravity CLI', 'crush': 'Crush', 'pi': 'Pi', 'codex': 'Codex CLI', 'gemini': 'Gemini CLI', 'qwen': 'Qwen Code'
};

export function statusAppName(app: string | undefined): string | undefined {
    return app !== undefined && Object.prototype.hasOwnProperty.call(STATUS_APP_NAMES, app) ? STATUS_APP_NAMES[app] : undefined;
}
