import type * as acp from '@agentclientprotocol/sdk';
import { AcpElicitationRequest } from '../../common/elicitation/acp-elicitation';
import { parseElicitationForm, parseElicitationUrl } from '../../common/elicitation/elicitation-request-reader';
import { acpSdk } from '../agents/engine';
import { PendingElicitations } from './pending-elicitations';

/** Where a session's questions are shown: the chat window, while it is connected. */
export interface ElicitationWindow {
    ask(request: AcpElicitationRequest): void;
    settled(elicitationId: string): void;
}

/**
 * `elicitation/create` of one chat session: a form or link Theia can show waits for the user's answer; one it
 * cannot show is refused with an error that says why (and the chat says so too). No window: `cancel`.
 */
export function elicitationHandler(pending: PendingElicitations, chatSessionId: string, window: () => ElicitationWindow | undefined):
    (request: acp.CreateElicitationRequest, signal: AbortSignal) => Promise<acp.CreateElicitationResponse> {
    let refusals = 0;
    return async (request, signal) => {
        const shown = window();
        if (!shown) {
            return { action: 'cancel' };
        }
        const mode = (request as { mode?: unknown }).mode;
        const parsed = mode === 'form' ? parseElicitationForm(request)
            : mode === 'url' ? parseElicitationUrl(request)
                : { error: `its mode ${JSON.stringify(String(mode)).slice(0, 60)} is not one Theia shows (form, url)` };
        if ('error' in parsed) {
            const problem = `Theia cannot show this question: ${parsed.error}.`;
            shown.ask({ elicitationId: `acp-elicitation-refused-${++refusals}`, mode: 'refused', problem });
            throw acpSdk().RequestError.invalidParams(undefined, problem);
        }
        const form = 'fields' in parsed.ok ? parsed.ok : undefined;
        const { elicitationId, answer } = pending.add(chatSessionId, form, signal, id => shown.settled(id));
        shown.ask(form ? { elicitationId, mode: 'form', form } : { elicitationId, mode: 'url', ...parsed.ok as { message: string; url: string; host: string } });
        return answer;
    };
}
