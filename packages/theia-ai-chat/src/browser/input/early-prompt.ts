import { AcpContentBlock, AcpSessionUpdate, AcpTurnResult } from '../../common/acp-chat-protocol';
import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { AcpElicitationRequest } from '../../common/elicitation/acp-elicitation';
import { AcpSessionListener } from '../session/session-listeners';

/**
 * A prompt sent to the agent the moment the user pressed Send, before Theia's chat has parsed it and
 * created its request (Theia clears and re-lays out the input first, which costs tens of ms). What the
 * agent sends meanwhile is kept, and replayed into the turn that adopts the prompt.
 */
export class AcpEarlyPrompt implements AcpSessionListener {
    private readonly held: Array<(listener: AcpSessionListener) => void> = [];
    private target: AcpSessionListener | undefined;
    /** The turn's outcome, as `AcpChatService.prompt` answers it. */
    result: Promise<AcpTurnResult>;

    constructor(readonly chatSessionId: string, readonly agentId: string, readonly blocks: readonly AcpContentBlock[]) { }

    /** Whether a turn (or, abandoned, the session state) gets its output. */
    get attached(): boolean {
        return this.target !== undefined;
    }

    /** Whether the chat's own request would send exactly these blocks. */
    matches(blocks: readonly AcpContentBlock[]): boolean {
        return JSON.stringify(blocks) === JSON.stringify(this.blocks);
    }

    /** From now on the listener gets everything, starting with what arrived before. */
    attach(listener: AcpSessionListener): void {
        this.target = listener;
        this.held.splice(0).forEach(replay => replay(listener));
    }

    onUpdate(update: AcpSessionUpdate): void {
        this.deliver(listener => listener.onUpdate(update));
    }

    onPermissionRequest(request: AcpPermissionRequest): void {
        this.deliver(listener => listener.onPermissionRequest(request));
    }

    onPermissionSettled(permissionId: string): void {
        this.deliver(listener => listener.onPermissionSettled(permissionId));
    }

    onElicitationRequest(request: AcpElicitationRequest): void {
        this.deliver(listener => listener.onElicitationRequest?.(request));
    }

    onElicitationSettled(elicitationId: string): void {
        this.deliver(listener => listener.onElicitationSettled?.(elicitationId));
    }

    private deliver(replay: (listener: AcpSessionListener) => void): void {
        if (this.target) {
            replay(this.target);
        } else {
            this.held.push(replay);
        }
    }
}
