import { injectable } from '@theia/core/shared/inversify';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { AcpElicitationRequest } from '../../common/elicitation/acp-elicitation';
import { chatSessionKey } from '../../common/chat-session-key';

/** Whoever listens to one (chat session, agent): the session state, and the turn while one runs. */
export interface AcpSessionListener {
    onUpdate(update: AcpSessionUpdate): void;
    onPermissionRequest(request: AcpPermissionRequest): void;
    onPermissionSettled(permissionId: string): void;
    /** A form or link the agent asks about; a listener without it (no turn runs) leaves the question unanswered: cancel. */
    onElicitationRequest?(request: AcpElicitationRequest): void;
    onElicitationSettled?(elicitationId: string): void;
}

/** Who gets the backend's callbacks for each (chat session, agent). */
@injectable()
export class AcpSessionListeners {
    protected readonly listeners = new Map<string, AcpSessionListener>();

    listen(chatSessionId: string, agentId: string, listener: AcpSessionListener): void {
        this.listeners.set(chatSessionKey(chatSessionId, agentId), listener);
    }

    /** Hands the session over to `listener` unless someone other than `from` took it meanwhile. */
    replace(chatSessionId: string, agentId: string, from: AcpSessionListener, listener: AcpSessionListener): void {
        if (this.listeners.get(chatSessionKey(chatSessionId, agentId)) === from) {
            this.listen(chatSessionId, agentId, listener);
        }
    }

    forget(chatSessionId: string, agentId: string): void {
        this.listeners.delete(chatSessionKey(chatSessionId, agentId));
    }

    of(chatSessionId: string, agentId: string): AcpSessionListener | undefined {
        return this.listeners.get(chatSessionKey(chatSessionId, agentId));
    }

    all(): Iterable<AcpSessionListener> {
        return this.listeners.values();
    }
}
