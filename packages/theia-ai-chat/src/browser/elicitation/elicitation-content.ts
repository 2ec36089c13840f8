import { ChatResponseContent, InteractiveContent } from '@theia/ai-chat/lib/common/chat-model';
import { SerializableChatResponseContentData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { AcpElicitationAnswer, AcpElicitationRequest, AcpFormValue } from '../../common/elicitation/acp-elicitation';

export const ACP_ELICITATION_KIND = 'acpElicitation';

/** What a saved chat keeps of a question: what was asked (never a form's fields), and what was answered. */
export interface AcpElicitationData {
    readonly request: AcpElicitationRequest;
    readonly answer?: string;
}

/**
 * A form or link the agent asks about, as a part of the answer: open until the user submits, declines or
 * cancels (or the agent withdraws it, Stop, the turn ends); then it says what was answered.
 */
export class AcpElicitationContent implements ChatResponseContent, InteractiveContent {
    readonly kind = ACP_ELICITATION_KIND;
    /** What was answered, once settled. */
    answer: string | undefined;
    /** Why the backend refused the last answer (the form stays open). */
    problem: string | undefined;
    private sending = false;
    /** The backend settled the question (it does so after any answer too) while an answer of ours was on its way. */
    private settledMeanwhile = false;
    private resolve: () => void = () => undefined;
    /** Theia's chat counts and announces open interactive parts as waiting for the user. */
    readonly whenResolved = new Promise<void>(resolve => { this.resolve = resolve; });

    constructor(readonly request: AcpElicitationRequest,
        private readonly respond: (answer: AcpElicitationAnswer) => Promise<string | undefined>,
        private readonly changed: () => void,
        private readonly onSettled: () => void) { }

    get interactionId(): string {
        return this.request.elicitationId;
    }

    get isResolved(): boolean {
        return !this.open;
    }

    get open(): boolean {
        return this.request.mode !== 'refused' && this.answer === undefined;
    }

    async submit(answer: AcpElicitationAnswer): Promise<void> {
        if (!this.open || this.sending) {
            return;
        }
        this.sending = true;
        try {
            const problem = await this.respond(answer).catch(error => String(error instanceof Error ? error.message : error));
            if (problem !== undefined && !this.settledMeanwhile) {
                this.problem = problem;
            } else if (this.open) {
                this.answer = problem === undefined ? this.describe(answer) : 'Cancelled';
                this.problem = undefined;
                this.resolve();
                this.onSettled();
            }
        } finally {
            this.sending = false;
            this.changed();
        }
    }

    /** Settled elsewhere: the form goes, nothing is sent. */
    settle(): boolean {
        if (!this.open) {
            return false;
        }
        if (this.sending) {
            this.settledMeanwhile = true; // what the backend answers to our answer decides what the form says
            return true;
        }
        this.answer = 'Cancelled';
        this.resolve();
        this.changed();
        return true;
    }

    /** A question from a saved chat: settled, no buttons, nothing to send. */
    static restored(data: AcpElicitationData): AcpElicitationContent {
        const content = new AcpElicitationContent(data.request, async () => 'This question was restored from a saved chat.', () => undefined, () => undefined);
        content.answer = data.request.mode === 'refused' ? undefined : data.answer ?? 'Not answered';
        content.resolve();
        return content;
    }

    toSerializable(): SerializableChatResponseContentData<AcpElicitationData> {
        const request = this.request;
        const kept: AcpElicitationRequest = request.mode === 'form'
            ? { elicitationId: request.elicitationId, mode: 'form', form: { message: request.form.message, fields: [] } }
            : request;
        return { kind: ACP_ELICITATION_KIND, data: { request: kept, answer: this.answer } };
    }

    asString(): string {
        const request = this.request;
        const asked = request.mode === 'form' ? request.form.message : request.mode === 'url' ? `${request.message} (${request.host})` : request.problem;
        return this.answer ? `${asked}\n${this.answer}` : asked;
    }

    protected describe(answer: AcpElicitationAnswer): string {
        if (answer.action === 'decline') {
            return 'Declined';
        }
        if (answer.action === 'cancel') {
            return 'Cancelled';
        }
        if (this.request.mode === 'url') {
            return `Opened ${this.request.host}`;
        }
        const fields = this.request.mode === 'form' ? this.request.form.fields : [];
        const values = Object.entries(answer.content ?? {})
            .map(([name, value]) => `${fields.find(field => field.name === name)?.title ?? name}: ${show(value)}`);
        return values.length ? `Submitted: ${values.join(', ')}` : 'Submitted';
    }
}

function show(value: AcpFormValue): string {
    return Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
}
