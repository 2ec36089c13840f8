import type { ChatHierarchyBranch, ChatRequestModel, MutableChatModel, MutableChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';

/**
 * Issue 31 part 2, edit an earlier message. Theia's chat keeps an edited message as another branch: the request
 * that replaces message N follows turns 1..N-1, and the turns after N leave the view. The agent's session, though,
 * has seen those later turns. ACP has no way back to an earlier point of a session (`session/fork`, where offered,
 * copies a session as it is now, later turns included), so such a request goes to a fresh session that is given
 * the chat's conversation before it.
 *
 * Whether `request` continues another conversation than the one this agent's session has seen: the agent's last
 * request in the chat (`lastPrompted`) is not the agent's previous request on this request's path (an edit, or a
 * message sent after going back to another branch). With nothing known of this window (a restored chat), an edited
 * message is known by its branch having other versions of it.
 */
export function continuesAnotherBranch(model: Pick<MutableChatModel, 'getRequests' | 'getBranch'>, request: Pick<ChatRequestModel, 'id'>,
    agentId: string, lastPrompted: string | undefined): boolean {
    if (lastPrompted === undefined) {
        return (model.getBranch(request.id)?.items.length ?? 0) > 1;
    }
    const path = model.getRequests();
    const index = path.findIndex(candidate => candidate.id === request.id);
    const previous = path.slice(0, Math.max(index, 0)).reverse().find(candidate => (candidate.agentId ?? candidate.response?.agentId) === agentId);
    return previous?.id !== lastPrompted;
}

/**
 * The files the agent changed in turns that left the view with the edit (every other version of this request and
 * what followed it): they stay as they are on disk, and the chat says so. Paths as the change sets name them.
 */
export function filesChangedOffPath(model: Pick<MutableChatModel, 'getBranch'>, request: Pick<ChatRequestModel, 'id'>): string[] {
    const files = new Set<string>();
    const visit = (branch: ChatHierarchyBranch<MutableChatRequestModel> | ChatHierarchyBranch | undefined, skip?: string): void => {
        for (const item of branch?.items ?? []) {
            if (item.element.id === skip) {
                continue;
            }
            (item.element as MutableChatRequestModel).changeSet?.getElements().forEach(element => files.add(element.uri.path.toString()));
            visit(item.next);
        }
    };
    visit(model.getBranch(request.id), request.id);
    return [...files].sort();
}
