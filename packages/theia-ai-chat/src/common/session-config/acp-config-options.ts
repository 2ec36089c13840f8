/**
 * An ACP session's `configOptions` (from session/new, load or resume, a `config_option_update`, or the answer to
 * `session/set_config_option`, each of which replaces the whole set) sorted for the chat input (issue 23 part 4): the
 * `model` category belongs in the model selector, `mode` in the mode selector, every other option (`thought_level`,
 * `model_config`, an agent's own) is a compact control; a boolean option only where the client declared
 * `session.configOptions.boolean`. Read loosely: an agent's option is not trusted to be well formed.
 */
export interface AcpConfigChoice {
    value: string;
    name: string;
    description?: string;
    /** The name of the agent's group this choice is in, if it grouped them. */
    group?: string;
}

export interface AcpConfigSelect {
    kind: 'select';
    id: string;
    name: string;
    description?: string;
    category?: string;
    current: string;
    choices: AcpConfigChoice[];
}

export interface AcpConfigBoolean {
    kind: 'boolean';
    id: string;
    name: string;
    description?: string;
    category?: string;
    current: boolean;
}

export type AcpConfigControl = AcpConfigSelect | AcpConfigBoolean;

export interface AcpConfigChoiceToSend {
    configId: string;
    value: string | boolean;
}

export interface AcpConfigControls {
    model?: AcpConfigSelect;
    mode?: AcpConfigSelect;
    /** In the agent's order. */
    others: AcpConfigControl[];
}

/**
 * What the chat reads of an agent's options (issue 29 part 11: a flooding agent's lists had no caps). Ids and
 * values are sent back as they are, so one too long is dropped, never cut; names and descriptions are cut.
 */
export const CONFIG_OPTION_LIMITS = {
    options: 50,
    /** Choices of one option, over all its groups. */
    choices: 200,
    id: 200,
    name: 200,
    description: 1_000
};

/** The options the chat can show, sorted by where they go; malformed entries and duplicate ids are left out. */
export function sortConfigOptions(options: unknown, booleans: boolean): AcpConfigControls {
    const sorted: AcpConfigControls = { others: [] };
    const seen = new Set<string>();
    for (const option of Array.isArray(options) ? options : []) {
        if (seen.size >= CONFIG_OPTION_LIMITS.options) {
            break;
        }
        const control = readControl(option, booleans);
        if (!control || seen.has(control.id)) {
            continue;
        }
        seen.add(control.id);
        if (control.kind === 'select' && (control.category === 'model' || control.category === 'mode') && !sorted[control.category]) {
            sorted[control.category] = control;
        } else {
            sorted.others.push(control);
        }
    }
    return sorted;
}

/**
 * What to send as `session/set_config_option` before the next prompt: each chosen value that is one the agent
 * offers and differs from the option's current value, in the agent's order. A choice for an option the agent no
 * longer has, or a value it does not list, is dropped (like `modelToSet` for models).
 */
export function configChoicesToSend(controls: AcpConfigControls, chosen: Readonly<Record<string, string | boolean>>): AcpConfigChoiceToSend[] {
    const all = [controls.model, controls.mode, ...controls.others].filter((control): control is AcpConfigControl => !!control);
    return all.flatMap((control): AcpConfigChoiceToSend[] => {
        const value = chosen[control.id];
        if (value === undefined || value === control.current) {
            return [];
        }
        if (control.kind === 'boolean') {
            return typeof value === 'boolean' ? [{ configId: control.id, value }] : [];
        }
        return typeof value === 'string' && control.choices.some(choice => choice.value === value) ? [{ configId: control.id, value }] : [];
    });
}

function readControl(option: unknown, booleans: boolean): AcpConfigControl | undefined {
    if (!option || typeof option !== 'object') {
        return undefined;
    }
    const raw = option as Record<string, unknown>;
    if (!isId(raw.id) || !nonEmpty(raw.name)) {
        return undefined;
    }
    const common = {
        id: raw.id, name: cut(raw.name, CONFIG_OPTION_LIMITS.name),
        ...(nonEmpty(raw.description) ? { description: cut(raw.description, CONFIG_OPTION_LIMITS.description) } : {}),
        ...(isId(raw.category) ? { category: raw.category } : {})
    };
    if (raw.type === 'boolean') {
        return booleans && typeof raw.currentValue === 'boolean' ? { kind: 'boolean', ...common, current: raw.currentValue } : undefined;
    }
    if (raw.type !== 'select' || !isId(raw.currentValue) || !Array.isArray(raw.options)) {
        return undefined;
    }
    const choices: AcpConfigChoice[] = [];
    const add = (entry: unknown, group?: string) => {
        const choice = readChoice(entry);
        if (choice && choices.length < CONFIG_OPTION_LIMITS.choices) {
            choices.push(group ? { ...choice, group } : choice);
        }
    };
    for (const entry of raw.options) {
        const item = entry as Record<string, unknown> | null;
        if (item && Array.isArray(item.options)) { // a group
            const group = nonEmpty(item.name) ? cut(item.name, CONFIG_OPTION_LIMITS.name) : undefined;
            item.options.forEach(grouped => add(grouped, group));
        } else {
            add(entry);
        }
    }
    return choices.length > 0 ? { kind: 'select', ...common, current: raw.currentValue, choices } : undefined;
}

function readChoice(entry: unknown): AcpConfigChoice | undefined {
    const item = entry as Record<string, unknown> | null;
    if (!item || typeof item !== 'object' || !isId(item.value)) {
        return undefined;
    }
    return {
        value: item.value, name: nonEmpty(item.name) ? cut(item.name, CONFIG_OPTION_LIMITS.name) : item.value,
        ...(nonEmpty(item.description) ? { description: cut(item.description, CONFIG_OPTION_LIMITS.description) } : {})
    };
}

/** An id or value the agent will be sent back: whole or not at all. */
function isId(value: unknown): value is string {
    return nonEmpty(value) && value.length <= CONFIG_OPTION_LIMITS.id;
}

/** A name or description for the input, cut where the agent's is too long. */
export function cut(text: string, max: number): string {
    return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function nonEmpty(value: unknown): value is string {
    return typeof value === 'string' && value.length > 0;
}
