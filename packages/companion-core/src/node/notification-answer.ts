import type { Logger } from '@ai-cli-companion/node-base';
import type { DiffOutcome } from '../common/diff-registry';
import { IdeNotification, IdeNotificationMethods, assertValidNotification } from '../common/wire-schemas';
import type { DiffAnswer } from './diff-broker';
import type { McpSession } from './mcp-http-server';
import { toSseEvent } from './session-transport';

/**
 * The Gemini CLI / Qwen Code wire form of a decision: `ide/diffAccepted` or `ide/diffRejected` on the
 * asking session's event stream, and only there, with the path verbatim. A session whose stream just
 * dropped gets it once it reconnects; a session that ended never does.
 */
export function notificationAnswer(
    sessions: { readonly sessionList: readonly McpSession[] }, sessionId: string, filePath: string, logger: Logger
): DiffAnswer {
    const find = () => sessions.sessionList.find(s => s.id === sessionId);
    const send = (outcome: DiffOutcome): boolean => {
        const notification: IdeNotification = outcome.accepted
            ? { method: IdeNotificationMethods.diffAccepted, params: { filePath, content: outcome.content } }
            : { method: IdeNotificationMethods.diffRejected, params: { filePath } };
        assertValidNotification(notification);
        const session = find();
        if (!session) {
            logger.warn(`${notification.method} for ${sessionId} dropped: the session has ended`);
            return false;
        }
        session.transport.sendEvent(toSseEvent({ jsonrpc: '2.0', ...notification }), 'decision');
        return true;
    };
    return {
        deliver: outcome => {
            const session = find();
            if (!session || session.transport.hasStream) {
                return Promise.resolve(send(outcome)); // written now: a server stopping next still sends it
            }
            return session.transport.whenStreamOpen().then(open => open && send(outcome));
        }
    };
}
