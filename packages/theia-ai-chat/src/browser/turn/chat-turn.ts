import { MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpChatService, AcpPermissionRequest, AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpElicitationRequest } from '../../common/acp-elicitation';
import { AcpElicitationContent } from '../elicitation/elicitation-content';
import { AcpAgentSideWrites } from '../file-system/agent-side-writes';
import { AcpEditDiff } from '../file-system/edit-before';
import { AcpSessionListener } from '../session/session-listeners';
import { AcpSessionState } from '../session/session-state';
import { AcpQuestionTracker } from '../permissions/pending-questions';
import { askOnToolCall, settleQuestion } from '../permissions/permission-question';
import { animationFrameScheduler } from '../../common/frame-scheduler';
import { AcpToolCallContent } from './tool-call-content';
import { AcpUpdateTranslator } from './update-translator';

/** One prompt turn of one chat request: updates become content parts, questions wait for the user. */
export class AcpChatTurn implements AcpSessionListener {
    readonly translator: AcpUpdateTranslator;
    private readonly questions = new Map<string, AcpToolCallContent>();
    /** Forms and links the agent asks about (elicitation/create), open until answered. */
    private readonly forms = new Map<string, AcpElicitationContent>();

    constructor(private readonly request: MutableChatRequestModel, private readonly service: AcpChatService, state: AcpSessionState,
        private readonly tracker?: AcpQuestionTracker, private readonly sideWrites?: AcpAgentSideWrites) {
        const response = request.response.response;
        this.translator = new AcpUpdateTranslator({
            add: content => response.addContent(content),
            changed: () => response.responseContentChanged()
        }, {
            onCommands: commands => state.onCommands(commands), onMode: modeId => state.onMode(modeId),
            onEditCompleted: call => void sideWrites?.onEditCompleted(call.toolCallId, diffsByPath(call))
                .catch(error => console.warn('Could not list a file the agent wrote in the change set', error))
        }, animationFrameScheduler);
    }

    onUpdate(update: AcpSessionUpdate): void {
        this.translator.update(update);
        void this.sideWrites?.onUpdate(update).catch(error => console.warn('Could not list a file the agent wrote in the change set', error));
    }

    onPermissionRequest(request: AcpPermissionRequest): void {
        // gemini sends no tool_call before asking: the question brings the call (acp.md §3).
        const call = this.translator.toolCall(request.toolCall);
        this.translator.showHiddenCall(call);
        this.questions.set(request.permissionId, call);
        // The files an edit would change are read before the answer lets the agent write them.
        const snapshot = this.sideWrites?.snapshot(request.toolCall) ?? Promise.resolve();
        askOnToolCall(call, request, (optionId, reason) => snapshot.then(() => this.service.answerPermission(request.permissionId, optionId, reason)),
            rejection => {
                this.answered(request.permissionId);
                if (rejection) {
                    this.tracker?.rejectedWithReason?.(rejection);
                }
            });
        this.request.response.waitForInput();
        this.request.response.fireInteractionNeeded(call);
        this.tracker?.asked(request.permissionId, call.title || request.toolCall.toolCallId);
    }

    onPermissionSettled(permissionId: string): void {
        const call = this.questions.get(permissionId);
        if (call) {
            settleQuestion(call);
            this.answered(permissionId);
        }
    }

    onElicitationRequest(request: AcpElicitationRequest): void {
        const response = this.request.response.response;
        const form = new AcpElicitationContent(request, answer => this.service.answerElicitation(request.elicitationId, answer),
            () => response.responseContentChanged(), () => this.formAnswered(request.elicitationId));
        this.translator.interrupt(); // the text before the form ends there; the text after it is a part of its own
        response.addContent(form);
        if (!form.open) {
            return; // a refusal is only said
        }
        this.forms.set(request.elicitationId, form);
        this.request.response.waitForInput();
        this.request.response.fireInteractionNeeded(form);
        this.tracker?.asked(request.elicitationId, request.mode === 'form' ? request.form.message : request.mode === 'url' ? request.message : '');
    }

    onElicitationSettled(elicitationId: string): void {
        const form = this.forms.get(elicitationId);
        if (form) {
            form.settle();
            this.formAnswered(elicitationId);
        }
    }

    /** The turn is over: questions still open lose their buttons. */
    end(): void {
        this.translator.end();
        this.questions.forEach((call, permissionId) => {
            settleQuestion(call);
            this.tracker?.settled(permissionId);
        });
        this.questions.clear();
        this.forms.forEach((form, elicitationId) => {
            form.settle();
            this.tracker?.settled(elicitationId);
        });
        this.forms.clear();
        this.request.response.stopWaitingForInput();
    }

    private formAnswered(elicitationId: string): void {
        this.forms.delete(elicitationId);
        this.tracker?.settled(elicitationId);
        if (this.questions.size === 0 && this.forms.size === 0) {
            this.request.response.stopWaitingForInput();
        }
    }

    private answered(permissionId: string): void {
        this.questions.delete(permissionId);
        this.tracker?.settled(permissionId);
        if (this.questions.size === 0 && this.forms.size === 0) {
            this.request.response.stopWaitingForInput();
        }
    }
}

/** An edit call's `diff` items by file (codex-acp sends one per hunk). */
function diffsByPath(call: AcpToolCallContent): Map<string, AcpEditDiff[]> {
    const byPath = new Map<string, AcpEditDiff[]>();
    for (const item of call.content) {
        if (item.type === 'diff') {
            byPath.set(item.path, [...byPath.get(item.path) ?? [], { oldText: item.oldText, newText: item.newText }]);
        }
    }
    return byPath;
}
