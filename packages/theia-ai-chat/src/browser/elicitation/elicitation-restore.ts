import { injectable } from '@theia/core/shared/inversify';
import { ChatContentDeserializerContribution, ChatContentDeserializerRegistry } from '@theia/ai-chat/lib/common/chat-content-deserializer';
import { AcpElicitationRequest } from '../../common/elicitation/acp-elicitation';
import { ACP_ELICITATION_KIND, AcpElicitationContent, AcpElicitationData } from './elicitation-content';

/**
 * Restores the questions of a saved chat: without a deserializer for the kind, Theia showed each as content
 * that "could not be fully restored". A restored question is settled: what was asked and what was answered.
 */
@injectable()
export class AcpElicitationDeserializer implements ChatContentDeserializerContribution {
    registerDeserializers(registry: ChatContentDeserializerRegistry): void {
        registry.register({ kind: ACP_ELICITATION_KIND, deserialize: data => AcpElicitationContent.restored(readSavedElicitation(data)) });
    }
}

/** A saved question as the settled view needs it; a file is read as untrusted as the agent's request was (wrong types are empty). */
export function readSavedElicitation(data: unknown): AcpElicitationData {
    const saved = (typeof data === 'object' && data ? data : {}) as { request?: Record<string, unknown> | null; answer?: unknown };
    const request = typeof saved.request === 'object' && saved.request ? saved.request : {};
    const form = typeof request.form === 'object' && request.form ? request.form as Record<string, unknown> : {};
    const elicitationId = text(request.elicitationId);
    const answer = typeof saved.answer === 'string' ? saved.answer : undefined;
    let kept: AcpElicitationRequest;
    if (request.mode === 'form') {
        kept = { elicitationId, mode: 'form', form: { message: text(form.message), fields: [] } };
    } else if (request.mode === 'url') {
        kept = { elicitationId, mode: 'url', message: text(request.message), url: text(request.url), host: text(request.host) };
    } else {
        kept = { elicitationId, mode: 'refused', problem: text(request.problem) || 'A question of the agent that could not be restored.' };
    }
    return { request: kept, answer };
}

function text(value: unknown): string {
    return typeof value === 'string' ? value : '';
}
