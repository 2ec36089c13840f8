import { ChatResponseContent, InteractiveContent, MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpChatService, AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { AcpElicitationRequest } from '../../common/elicitation/acp-elicitation';
import { AcpSessionListener } from '../session/session-listeners';
import { AcpSessionState } from '../session/session-state';
import { animationFrameScheduler } from '../../common/frame-scheduler';
import { AcpQuestionTracker } from './question-tracker';
import { AcpTurnContext, AcpTurnContribution, AcpTurnParticipant } from './turn-contribution';
import { AcpUpdateTranslator } from './update-translator';

/**
 * One prompt turn of one chat request: updates become content parts; the features' participants (AcpTurnContribution:
 * permission questions, forms, files the agent writes) take the rest, and their questions wait for the user here.
 */
export class AcpChatTurn implements AcpSessionListener, AcpTurnContext {
    readonly translator: AcpUpdateTranslator;
    readonly chatSessionId: string;
    /** Questions open in this turn (permissions, forms), each with what takes its buttons away. */
    private readonly open = new Map<string, () => void>();
    private readonly participants: AcpTurnParticipant[];

    constructor(readonly request: MutableChatRequestModel, readonly service: AcpChatService, state: AcpSessionState,
        private readonly tracker?: AcpQuestionTracker, contributions: readonly AcpTurnContribution[] = []) {
        this.chatSessionId = request.session.id;
        const response = request.response.response;
        this.translator = new AcpUpdateTranslator({
            add: content => response.addContent(content),
            changed: () => response.responseContentChanged()
        }, {
            onCommands: commands => state.onCommands(commands), onMode: modeId => state.onMode(modeId),
            onEditCompleted: call => this.participants.forEach(participant => participant.onEditCompleted?.(call))
        }, animationFrameScheduler);
        this.participants = contributions.map(contribution => contribution.startTurn(this));
    }

    onUpdate(update: AcpSessionUpdate): void {
        this.translator.update(update);
        this.participants.forEach(participant => participant.onUpdate?.(update));
    }

    onPermissionRequest(request: AcpPermissionRequest): void {
        if (!this.participants.some(participant => participant.onPermissionRequest?.(request))) {
            void this.service.answerPermission(request.permissionId, undefined); // nobody asks: cancelled
        }
    }

    onPermissionSettled(permissionId: string): void {
        this.participants.forEach(participant => participant.onPermissionSettled?.(permissionId));
    }

    onElicitationRequest(request: AcpElicitationRequest): void {
        if (!this.participants.some(participant => participant.onElicitationRequest?.(request)) && request.mode !== 'refused') {
            void this.service.answerElicitation(request.elicitationId, { action: 'cancel' }); // nobody asks
        }
    }

    onElicitationSettled(elicitationId: string): void {
        this.participants.forEach(participant => participant.onElicitationSettled?.(elicitationId));
    }

    beforePermissionAnswer(toolCall: AcpPermissionRequest['toolCall']): Promise<void> {
        const waits = this.participants.flatMap(participant => participant.beforePermissionAnswer ? [participant.beforePermissionAnswer(toolCall)] : []);
        return waits.length === 1 ? waits[0] : Promise.all(waits).then(() => undefined);
    }

    asked(id: string, about: string, part: InteractiveContent & ChatResponseContent, settle: () => void): void {
        this.open.set(id, settle);
        this.request.response.waitForInput();
        this.request.response.fireInteractionNeeded(part);
        this.tracker?.asked(id, about);
    }

    answered(id: string): void {
        this.open.delete(id);
        this.tracker?.settled(id);
        if (this.open.size === 0) {
            this.request.response.stopWaitingForInput();
        }
    }

    settledElsewhere(id: string): void {
        const settle = this.open.get(id);
        if (settle) {
            settle();
            this.answered(id);
        }
    }

    /** The turn is over: questions still open lose their buttons. */
    end(): void {
        this.translator.end();
        this.open.forEach((settle, id) => {
            settle();
            this.tracker?.settled(id);
        });
        this.open.clear();
        this.request.response.stopWaitingForInput();
    }
}
