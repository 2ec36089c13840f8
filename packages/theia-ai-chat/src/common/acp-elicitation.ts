/**
 * `elicitation/create` as the chat shows it (issue 23 part 7): a form request is read once, loosely and with
 * limits, into fields Theia can draw (string, number, integer, boolean, single and multi-select enums); what the
 * agent sent otherwise is refused with a message that says why. The same reading checks the user's answer on
 * both sides: the agent only ever receives content that fits its own schema.
 */

export const ELICITATION_LIMITS = {
    fields: 50,
    options: 200,
    message: 4_000,
    title: 200,
    description: 2_000,
    name: 100,
    pattern: 500,
    /** Characters of one string answer. */
    value: 10_000,
    url: 4_000
} as const;

interface FieldBase {
    readonly name: string;
    readonly title: string;
    readonly description?: string;
    readonly required: boolean;
}
export interface AcpEnumOption { readonly value: string; readonly title: string }
export type AcpFormField =
    | FieldBase & { readonly kind: 'string'; readonly default?: string; readonly minLength?: number; readonly maxLength?: number; readonly pattern?: string; readonly format?: string }
    | FieldBase & { readonly kind: 'number'; readonly integer: boolean; readonly default?: number; readonly minimum?: number; readonly maximum?: number }
    | FieldBase & { readonly kind: 'boolean'; readonly default?: boolean }
    | FieldBase & { readonly kind: 'enum'; readonly options: AcpEnumOption[]; readonly default?: string }
    | FieldBase & { readonly kind: 'multi'; readonly options: AcpEnumOption[]; readonly default?: string[]; readonly minItems?: number; readonly maxItems?: number };

export interface AcpElicitationForm {
    readonly message: string;
    readonly title?: string;
    readonly description?: string;
    readonly fields: AcpFormField[];
}

/** What the window is asked to show; `elicitationId` is ours, the agent's JSON-RPC id stays in the backend. */
export type AcpElicitationRequest =
    | { readonly elicitationId: string; readonly mode: 'form'; readonly form: AcpElicitationForm }
    | { readonly elicitationId: string; readonly mode: 'url'; readonly message: string; readonly url: string; readonly host: string }
    /** Shown, not asked: what the agent sent cannot be drawn (the agent got an error saying `problem`). */
    | { readonly elicitationId: string; readonly mode: 'refused'; readonly problem: string };

export type AcpFormValue = string | number | boolean | string[];
export type AcpElicitationAnswer =
    | { readonly action: 'accept'; readonly content?: Record<string, AcpFormValue> }
    | { readonly action: 'decline' }
    | { readonly action: 'cancel' };

export type Parsed<T> = { readonly ok: T } | { readonly error: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown): number | undefined => typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

function text(value: unknown, what: string, max: number, required = false): string | undefined {
    if (value === undefined || value === null) {
        if (required) {
            throw new Error(`${what} is missing`);
        }
        return undefined;
    }
    if (typeof value !== 'string') {
        throw new Error(`${what} is not a string`);
    }
    if (value.length > max) {
        throw new Error(`${what} is longer than ${max} characters`);
    }
    return value;
}

/** The form of a `mode: "form"` request, or why Theia cannot show it. */
export function parseElicitationForm(request: unknown): Parsed<AcpElicitationForm> {
    try {
        if (!isObject(request)) {
            throw new Error('the request is not an object');
        }
        const message = text(request.message, 'its message', ELICITATION_LIMITS.message, true)!;
        const schema = request.requestedSchema;
        if (!isObject(schema)) {
            throw new Error('requestedSchema is not an object');
        }
        if (schema.type !== undefined && schema.type !== 'object') {
            throw new Error(`requestedSchema has type ${JSON.stringify(String(schema.type)).slice(0, 60)}, not "object"`);
        }
        const properties = schema.properties ?? {};
        if (!isObject(properties)) {
            throw new Error('requestedSchema.properties is not an object');
        }
        const names = Object.keys(properties);
        if (names.length > ELICITATION_LIMITS.fields) {
            throw new Error(`the form has ${names.length} fields; Theia shows at most ${ELICITATION_LIMITS.fields}`);
        }
        const required = schema.required ?? [];
        if (!Array.isArray(required) || required.some(name => typeof name !== 'string')) {
            throw new Error('requestedSchema.required is not a list of field names');
        }
        const unknown = (required as string[]).filter(name => !Object.prototype.hasOwnProperty.call(properties, name));
        if (unknown.length > 0) {
            throw new Error(`required names fields the form does not have: ${unknown.slice(0, 5).join(', ')}`);
        }
        const fields = names.map(name => parseField(name, properties[name], (required as string[]).includes(name)));
        return { ok: {
            message, fields,
            ...optional('title', text(schema.title, 'the form\'s title', ELICITATION_LIMITS.title)),
            ...optional('description', text(schema.description, 'the form\'s description', ELICITATION_LIMITS.description))
        } };
    } catch (error) {
        return { error: (error as Error).message };
    }
}

function optional<K extends string, V>(key: K, value: V | undefined): { [key in K]?: V } {
    return (value === undefined ? {} : { [key]: value }) as { [key in K]?: V };
}

function parseField(name: string, raw: unknown, required: boolean): AcpFormField {
    if (!name || name.length > ELICITATION_LIMITS.name || RESERVED_NAMES.has(name)) {
        throw new Error(`a field is named ${JSON.stringify(name.slice(0, ELICITATION_LIMITS.name))}, which Theia does not accept`);
    }
    if (!isObject(raw)) {
        throw new Error(`field "${name}" is not an object`);
    }
    const base: FieldBase = {
        name, required,
        title: text(raw.title, `the title of field "${name}"`, ELICITATION_LIMITS.title) || name,
        ...optional('description', text(raw.description, `the description of field "${name}"`, ELICITATION_LIMITS.description) || undefined)
    };
    switch (raw.type) {
        case 'string': {
            const options = enumOptions(name, raw.oneOf ?? raw.enum, raw.oneOf !== undefined && raw.oneOf !== null);
            if (options) {
                const fallback = typeof raw.default === 'string' && options.some(option => option.value === raw.default) ? raw.default : undefined;
                return { ...base, kind: 'enum', options, ...optional('default', fallback) };
            }
            const pattern = text(raw.pattern, `the pattern of field "${name}"`, ELICITATION_LIMITS.pattern);
            if (pattern !== undefined) {
                try {
                    new RegExp(pattern, 'u');
                } catch {
                    throw new Error(`field "${name}" has a pattern that is no regular expression`);
                }
            }
            return {
                ...base, kind: 'string',
                ...optional('default', typeof raw.default === 'string' ? raw.default.slice(0, ELICITATION_LIMITS.value) : undefined),
                ...optional('minLength', finite(raw.minLength)), ...optional('maxLength', finite(raw.maxLength)),
                ...optional('pattern', pattern), ...optional('format', typeof raw.format === 'string' ? raw.format.slice(0, 40) : undefined)
            };
        }
        case 'number':
        case 'integer':
            return {
                ...base, kind: 'number', integer: raw.type === 'integer',
                ...optional('default', finite(raw.default)), ...optional('minimum', finite(raw.minimum)), ...optional('maximum', finite(raw.maximum))
            };
        case 'boolean':
            return { ...base, kind: 'boolean', ...optional('default', typeof raw.default === 'boolean' ? raw.default : undefined) };
        case 'array': {
            const items = isObject(raw.items) ? raw.items : {};
            const options = enumOptions(name, items.anyOf ?? items.enum, items.anyOf !== undefined && items.anyOf !== null);
            if (!options) {
                throw new Error(`field "${name}" is a list without choices, which Theia cannot show`);
            }
            const fallback = Array.isArray(raw.default) ? raw.default.filter(value => options.some(option => option.value === value)) as string[] : undefined;
            return {
                ...base, kind: 'multi', options, ...optional('default', fallback),
                ...optional('minItems', finite(raw.minItems)), ...optional('maxItems', finite(raw.maxItems))
            };
        }
        default:
            throw new Error(`field "${name}" has type ${JSON.stringify(String(raw.type)).slice(0, 60)}, which Theia cannot show`);
    }
}

/** `enum: [...]` or titled `oneOf`/`anyOf: [{ const, title }]`; undefined when neither is given. */
function enumOptions(name: string, raw: unknown, titled: boolean): AcpEnumOption[] | undefined {
    if (raw === undefined || raw === null) {
        return undefined;
    }
    if (!Array.isArray(raw) || raw.length === 0) {
        throw new Error(`field "${name}" has an empty or malformed list of choices`);
    }
    if (raw.length > ELICITATION_LIMITS.options) {
        throw new Error(`field "${name}" offers ${raw.length} choices; Theia shows at most ${ELICITATION_LIMITS.options}`);
    }
    const options = raw.map(entry => {
        if (titled) {
            if (!isObject(entry) || typeof entry.const !== 'string') {
                throw new Error(`a choice of field "${name}" has no string "const"`);
            }
            return { value: text(entry.const, `a choice of field "${name}"`, ELICITATION_LIMITS.title)!,
                title: text(entry.title, `a choice's title in field "${name}"`, ELICITATION_LIMITS.title) || entry.const };
        }
        const value = text(entry, `a choice of field "${name}"`, ELICITATION_LIMITS.title);
        if (value === undefined) {
            throw new Error(`a choice of field "${name}" is empty`);
        }
        return { value, title: value };
    });
    if (new Set(options.map(option => option.value)).size !== options.length) {
        throw new Error(`field "${name}" offers the same choice twice`);
    }
    return options;
}

/** A `mode: "url"` request: only http(s) links, shown with their host. */
export function parseElicitationUrl(request: unknown): Parsed<{ message: string; url: string; host: string }> {
    try {
        if (!isObject(request)) {
            throw new Error('the request is not an object');
        }
        const message = text(request.message, 'its message', ELICITATION_LIMITS.message, true)!;
        const raw = text(request.url, 'its url', ELICITATION_LIMITS.url, true)!;
        let url: URL;
        try {
            url = new URL(raw);
        } catch {
            throw new Error('its url is not a URL');
        }
        if (url.protocol !== 'https:' && url.protocol !== 'http:') {
            throw new Error(`its url is a ${url.protocol} link; Theia opens only http and https links`);
        }
        if (url.username || url.password) {
            throw new Error('its url carries a user name or password');
        }
        return { ok: { message, url: url.href, host: url.host } };
    } catch (error) {
        return { error: (error as Error).message };
    }
}

/**
 * The user's values checked against the form: `content` to send (empty optional fields left out), or one
 * message per field that is wrong. Values of fields the form does not have are refused.
 */
export function checkFormAnswer(form: AcpElicitationForm, values: unknown): { content: Record<string, AcpFormValue> } | { errors: Record<string, string> } {
    const errors: Record<string, string> = {};
    const content: Record<string, AcpFormValue> = {};
    if (!isObject(values)) {
        return { errors: { '': 'The answer is not an object.' } };
    }
    for (const name of Object.keys(values)) {
        if (!form.fields.some(field => field.name === name)) {
            errors[name] = 'The form has no such field.';
        }
    }
    for (const field of form.fields) {
        const value = Object.prototype.hasOwnProperty.call(values, field.name) ? values[field.name] : undefined;
        const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
        if (empty) {
            if (field.required) {
                errors[field.name] = `${field.title} is required.`;
            }
            continue;
        }
        const problem = fieldProblem(field, value);
        if (problem) {
            errors[field.name] = problem;
        } else {
            content[field.name] = value as AcpFormValue;
        }
    }
    return Object.keys(errors).length > 0 ? { errors } : { content };
}

function fieldProblem(field: AcpFormField, value: unknown): string | undefined {
    switch (field.kind) {
        case 'string': {
            if (typeof value !== 'string') {
                return 'Enter text.';
            }
            if (value.length > Math.min(field.maxLength ?? Infinity, ELICITATION_LIMITS.value)) {
                return `At most ${Math.min(field.maxLength ?? Infinity, ELICITATION_LIMITS.value)} characters.`;
            }
            if (field.minLength !== undefined && value.length < field.minLength) {
                return `At least ${field.minLength} characters.`;
            }
            if (field.pattern !== undefined && !new RegExp(field.pattern, 'u').test(value)) {
                return `Does not match the pattern ${field.pattern}.`;
            }
            return undefined;
        }
        case 'number':
            if (typeof value !== 'number' || !Number.isFinite(value)) {
                return 'Enter a number.';
            }
            if (field.integer && !Number.isInteger(value)) {
                return 'Enter a whole number.';
            }
            if (field.minimum !== undefined && value < field.minimum) {
                return `At least ${field.minimum}.`;
            }
            if (field.maximum !== undefined && value > field.maximum) {
                return `At most ${field.maximum}.`;
            }
            return undefined;
        case 'boolean':
            return typeof value === 'boolean' ? undefined : 'Yes or no.';
        case 'enum':
            return typeof value === 'string' && field.options.some(option => option.value === value) ? undefined : 'Choose one of the choices.';
        case 'multi': {
            if (!Array.isArray(value) || value.some(item => typeof item !== 'string' || !field.options.some(option => option.value === item))
                || new Set(value).size !== value.length) {
                return 'Choose among the choices.';
            }
            if (field.minItems !== undefined && value.length < field.minItems) {
                return `Choose at least ${field.minItems}.`;
            }
            if (field.maxItems !== undefined && value.length > field.maxItems) {
                return `Choose at most ${field.maxItems}.`;
            }
            return undefined;
        }
    }
}
