import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { AcpToolCallContent } from '../turn/tool-call-content';

/**
 * A `session/request_permission` on its tool call: one button per option the agent offered, saying what
 * it does by its `kind` with the agent's own name beside it; the answer is exactly the chosen `optionId`.
 * A rejection may carry the user's reason: it goes with the answer, and `onAnswered` gets the chat message
 * that says it (rejectionMessage), for the agents that do not read the answer's `_meta`.
 */
export function askOnToolCall(call: AcpToolCallContent, request: AcpPermissionRequest,
    answer: (optionId: string | undefined, reason?: string) => Promise<boolean>, onAnswered: (rejection?: string) => void): void {
    // What the agent sent is not trusted to be well-typed: strings only reach the buttons.
    const options = (Array.isArray(request.options) ? request.options : [])
        .filter(option => typeof option === 'object' && option !== null) // a null or a number in the list is no option
        .map(({ optionId, name, kind }) => ({ optionId: String(optionId), name: String(name ?? ''), kind: String(kind ?? '') }));
    call.ask({
        options,
        choose: (optionId, reason) => {
            if (!call.question || call.question.answer !== undefined) {
                return;
            }
            const chosen = options.find(option => option.optionId === optionId);
            const rejects = !chosen || chosen.kind.startsWith('reject');
            const said = rejects && chosen && typeof reason === 'string' ? reason.trim() : '';
            call.question.answer = (chosen ? answerText(chosen) : 'Cancelled') + (said ? `: ${said}` : '');
            // gemini reports nothing more about a refused call (acp.md §3): the card says it.
            if (rejects) {
                call.status = 'rejected';
            }
            call.changed();
            onAnswered(said ? rejectionMessage(call, said) : undefined);
            void answer(optionId, said || undefined);
        }
    });
}

/** The chat message that tells the agent why: "I rejected <tool> on <file>: <reason>". */
export function rejectionMessage(call: Pick<AcpToolCallContent, 'title' | 'toolKind' | 'locations'>, reason: string): string {
    const tool = call.title.trim() || call.toolKind;
    const file = call.locations[0]?.path;
    return `I rejected ${tool}${file ? ` on ${file}` : ''}: ${reason}`;
}

/** What the card says was chosen: the action, and the agent's name for it when that differs. */
function answerText(option: { name: string; kind: string }): string {
    const { action } = permissionOptionView(option);
    return option.name.trim().toLowerCase() === action.toLowerCase() ? action : `${action} (the agent's "${option.name}")`;
}

/** Settled elsewhere (Stop, the agent withdrew it or died): the buttons go, no answer is sent. */
export function settleQuestion(call: AcpToolCallContent): boolean {
    if (call.question && call.question.answer === undefined) {
        call.question.answer = 'Cancelled';
        call.status = 'rejected';
        call.changed();
        return true;
    }
    return false;
}

/** How a permission button shows an option: what it does, from its `kind`, never from the agent's name alone. */
export interface PermissionOptionView {
    /** The action in our words ("Allow always"); the agent's name is shown next to it. */
    readonly action: string;
    readonly icon: string;
    /** Allowing options are the primary buttons; rejecting and unknown ones secondary. */
    readonly primary: boolean;
    /** Set when the agent's name says the opposite of what the option does. */
    readonly warning?: string;
}

const OPTION_KINDS: Record<string, { action: string; icon: string; allows: boolean }> = {
    allow_once: { action: 'Allow once', icon: 'codicon-check', allows: true },
    allow_always: { action: 'Allow always', icon: 'codicon-check-all', allows: true },
    reject_once: { action: 'Reject once', icon: 'codicon-close', allows: false },
    reject_always: { action: 'Reject always', icon: 'codicon-circle-slash', allows: false }
};
const SOUNDS_LIKE_ALLOW = /\b(allow|accept|approve|yes|ok|okay|proceed|continue|run|trust|grant|confirm)\b/i;
const SOUNDS_LIKE_REJECT = /\b(reject|deny|decline|refuse|no|don'?t|do not|cancel|stop|abort|block|never|skip|disallow)\b/i;

export function permissionOptionView(option: { name: string; kind: string }): PermissionOptionView {
    const known = OPTION_KINDS[option.kind];
    if (!known) {
        return { action: 'Unknown action', icon: 'codicon-question', primary: false, warning: `the agent gave this option an unknown kind (${String(option.kind)})` };
    }
    const verb = known.action.toLowerCase().replace(/^(allow|reject)/, known.allows ? 'allows' : 'rejects');
    const contradicts = known.allows
        ? SOUNDS_LIKE_REJECT.test(option.name) && !SOUNDS_LIKE_ALLOW.test(option.name)
        : SOUNDS_LIKE_ALLOW.test(option.name) && !SOUNDS_LIKE_REJECT.test(option.name);
    return {
        action: known.action, icon: known.icon, primary: known.allows,
        warning: contradicts ? `labelled '${option.name}' by the agent, but this ${verb}` : undefined
    };
}
