import { injectable } from '@theia/core/shared/inversify';
import type { MutableChatResponseModel } from '@theia/ai-chat/lib/common/chat-model';
import { AcpAgentStartProgress, agentStartLine } from '../../common/agents/agent-start-progress';
import { chatSessionKey } from '../../common/chat-session-key';
import { AcpAgentReadiness, readinessAfter } from '../../common/agents/welcome-agents';

/** The id of the start line among a response's progress messages (one a response). */
const START_PROGRESS_ID = 'acp-agent-start';

/**
 * What the backend reports while `prepare` starts an agent (`AcpChatClient.onAgentStarting`), shown in the
 * answer as Theia's own progress message (spinner and text, over the answer's place): "Starting Gemini CLI:
 * npm fetches @google/gemini-cli@0.61.0 on first use…" and the last line npm printed. Once `prepare`
 * returned it is marked done (or failed) and gives way to the answer's first content.
 */
@injectable()
export class AcpAgentStarts {
    private readonly shown = new Map<string, (progress: AcpAgentStartProgress) => void>();
    /** How each agent's last start or turn ended, for the welcome page (common/agents/welcome-agents.ts). */
    private readonly readinessById = new Map<string, AcpAgentReadiness>();

    /** Runs `prepare` (the chat session's `prepare` for `agentId`); a start reported meanwhile shows in `response`. */
    async during<T>(chatSessionId: string, agentId: string, response: MutableChatResponseModel,
        prepare: () => Promise<T>, failed: (result: T) => boolean): Promise<T> {
        const key = chatSessionKey(chatSessionId, agentId);
        let started = false;
        const show = (progress: AcpAgentStartProgress) => {
            started = true;
            response.addProgressMessage({ id: START_PROGRESS_ID, content: agentStartLine(progress), status: 'inProgress', show: 'whileIncomplete' });
        };
        this.shown.set(key, show);
        let ok = false;
        try {
            const result = await prepare();
            ok = !failed(result);
            return result;
        } finally {
            if (this.shown.get(key) === show) {
                this.shown.delete(key);
            }
            if (started) {
                response.updateProgressMessage({ id: START_PROGRESS_ID, status: ok ? 'completed' : 'failed', show: 'untilFirstContent' });
            }
        }
    }

    report(chatSessionId: string, agentId: string, progress: AcpAgentStartProgress): void {
        this.shown.get(chatSessionKey(chatSessionId, agentId))?.(progress);
    }

    /** A session of `agentId` was opened (no `errorCode`), or a start or turn failed with `errorCode`. */
    ended(agentId: string, errorCode?: string): void {
        const readiness = readinessAfter(errorCode);
        if (readiness) {
            this.readinessById.set(agentId, readiness);
        }
    }

    readiness(agentId: string): AcpAgentReadiness {
        return this.readinessById.get(agentId) ?? 'not-started';
    }
}
