import { ChatResponseContent, InteractiveContent, MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpChatService, AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { AcpElicitationRequest } from '../../common/elicitation/acp-elicitation';
import { AcpToolCallContent } from './tool-call-content';
import { AcpUpdateTranslator } from './update-translator';

/**
 * A feature's part in every prompt turn (issue 33): the turn (chat-turn.ts) routes the session's updates and
 * questions to the participants its contributions start, and imports no feature. Features bind one in their module.
 */
export const AcpTurnContribution = Symbol('AcpTurnContribution');
export interface AcpTurnContribution {
    startTurn(turn: AcpTurnContext): AcpTurnParticipant;
}

/** What one feature does in one turn; each method optional. */
export interface AcpTurnParticipant {
    /** Every update, after the turn's answer showed it. */
    onUpdate?(update: AcpSessionUpdate): void;
    /** An edit call completed: its card holds the edit's diffs. */
    onEditCompleted?(call: AcpToolCallContent): void;
    /** Resolves once the answer to a question on `toolCall` may let the agent act (e.g. the files it would change are read). */
    beforePermissionAnswer?(toolCall: AcpPermissionRequest['toolCall']): Promise<void>;
    /** True when this participant took the question (the first one that does). */
    onPermissionRequest?(request: AcpPermissionRequest): boolean;
    onPermissionSettled?(permissionId: string): void;
    /** True when this participant took the form or link the agent asks about (the first one that does). */
    onElicitationRequest?(request: AcpElicitationRequest): boolean;
    onElicitationSettled?(elicitationId: string): void;
}

/** What a turn offers its participants. */
export interface AcpTurnContext {
    readonly request: MutableChatRequestModel;
    readonly service: AcpChatService;
    readonly chatSessionId: string;
    readonly translator: AcpUpdateTranslator;
    /** What every participant waits for before an answer about `toolCall` goes to the agent. */
    beforePermissionAnswer(toolCall: AcpPermissionRequest['toolCall']): Promise<void>;
    /**
     * A question shown by `part` waits for the user: the answer waits for input and the question counts as pending.
     * `settle` takes its buttons away if the turn ends first.
     */
    asked(id: string, about: string, part: InteractiveContent & ChatResponseContent, settle: () => void): void;
    /** The question was answered or settled: once none is open, the answer stops waiting for input. */
    answered(id: string): void;
    /** The question was settled elsewhere (the agent withdrew it, another window answered): if still open, its `settle` runs and it is answered. */
    settledElsewhere(id: string): void;
}
