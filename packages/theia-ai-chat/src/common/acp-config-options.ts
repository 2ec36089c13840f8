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

/** The options the chat can show, sorted by where they go; malformed entries and duplicate ids are left out. */
export function sortConfigOptions(options: unknown, booleans: boolean): AcpConfigControls {
    const sorted: AcpConfigControls = { others: [] };
    const seen = new Set<string>();
    for (const option of Array.isArray(options) ? options : []) {
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
    if (!nonEmpty(raw.id) || !nonEmpty(raw.name)) {
        return undefined;
    }
    const common = {
        id: raw.id, name: raw.name,
        ...(nonEmpty(raw.description) ? { description: raw.description } : {}),
        ...(nonEmpty(raw.category) ? { category: raw.category } : {})
    };
    if (raw.type === 'boolean') {
        return booleans && typeof raw.currentValue === 'boolean' ? { kind: 'boolean', ...common, current: raw.currentValue } : undefined;
    }
    if (raw.type !== 'select' || !nonEmpty(raw.currentValue) || !Array.isArray(raw.options)) {
        return undefined;
    }
    const choices = raw.options.flatMap((entry: unknown): AcpConfigChoice[] => {
        const item = entry as Record<string, unknown> | null;
        if (item && Array.isArray(item.options)) { // a group
            const group = nonEmpty(item.name) ? item.name : undefined;
            return item.options.map(readChoice).filter((choice): choice is AcpConfigChoice => !!choice)
                .map(choice => group ? { ...choice, group } : choice);
        }
        const choice = readChoice(entry);
        return choice ? [choice] : [];
    });
    return choices.length > 0 ? { kind: 'select', ...common, current: raw.currentValue, choices } : undefined;
}

function readChoice(entry: unknown): AcpConfigChoice | undefined {
    const item = entry as Record<string, unknown> | null;
    if (!item || typeof item !== 'object' || !nonEmpty(item.value)) {
        return undefined;
    }
    return {
        value: item.value, name: nonEmpty(item.name) ? item.name : item.value,
        ...(nonEmpty(item.description) ? { description: item.description } : {})
    };
}

function nonEmpty(value: unknown): value is string {
    return typeof value === 'string' && value.length > 0;
}
