/**
 * `elicitation/create` as the chat shows it (issue 23 part 7): a form request is read once, loosely and with
 * limits, into fields Theia can draw (string, number, integer, boolean, single and multi-select enums); what the
 * agent sent otherwise is refused with a message that says why. The same reading checks the user's answer on
 * both sides: the agent only ever receives content that fits its own schema. The types are here; the reading is
 * in `elicitation-request-reader.ts`, the answer check in `elicitation-answer-check.ts`.
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

export interface FieldBase {
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
