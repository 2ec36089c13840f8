import { AcpElicitationForm, AcpEnumOption, AcpFormField, ELICITATION_LIMITS, FieldBase, Parsed } from './acp-elicitation';
import { linearPattern } from './linear-pattern';

// Reads an agent's `elicitation/create` loosely and with limits; anything Theia cannot draw throws a message
// that says why (returned as `{ error }`, the agent is told it).

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
                const checked = linearPattern(pattern);
                if ('error' in checked) {
                    throw new Error(`field "${name}" has a pattern Theia cannot check in bounded time: ${checked.error}`);
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
