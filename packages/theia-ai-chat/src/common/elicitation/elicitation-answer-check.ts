import { AcpElicitationForm, AcpFormField, AcpFormValue, ELICITATION_LIMITS } from './acp-elicitation';
import { linearPattern } from './linear-pattern';

/**
 * Never JavaScript's backtracking RegExp: an agent's pattern could freeze the window or the backend (issue 29
 * part 7). A pattern the linear matcher refuses was refused with its form; should one reach here, nothing matches.
 */
function matchesPattern(pattern: string, value: string): boolean {
    const test = linearPattern(pattern);
    return typeof test === 'function' && test(value);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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
            if (field.pattern !== undefined && !matchesPattern(field.pattern, value)) {
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
