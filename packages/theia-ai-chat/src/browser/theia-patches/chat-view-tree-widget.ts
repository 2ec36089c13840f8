import { inject, injectable } from '@theia/core/shared/inversify';
import { MessageLoop } from '@theia/core/shared/@lumino/messaging';
import { Widget } from '@theia/core/lib/browser/widgets/widget';
import { CompositeTreeNode } from '@theia/core/lib/browser/tree/tree';
import { ChatModel, ChatRequestModel } from '@theia/ai-chat/lib/common/chat-model';
import { ChatViewTreeWidget } from '@theia/ai-chat-ui/lib/browser/chat-tree-view/chat-view-tree-widget';
import { FirstContentAtOnce } from '../../common/theia-patch-hooks/first-content-at-once';

// react-dom 19 ships no types and @types/react-dom is not installed: Theia's shared module, typed by hand.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { flushSync } = require('@theia/core/shared/react-dom') as { flushSync(render: () => void): void };

/**
 * Theia's chat tree, which shows an ACP agent's sent request and its first answer content at once. Theia renders
 * the tree's changes after a debounce (a timer), a posted update and a React render scheduled as another task;
 * right after Send those land when the agent's first chunk arrives, and the chunk waits its turn (measured: 5–25 ms
 * from its arrival to the screen). The request is rendered as soon as the tree holds it, the first content in the
 * task that delivered it; later changes keep Theia's batching. Which agents: the FirstContentAtOnce hook.
 */
@injectable()
export class AcpChatViewTreeWidget extends ChatViewTreeWidget {
    @inject(FirstContentAtOnce) protected readonly firstContentAtOnce: FirstContentAtOnce;

    override trackChatModel(chatModel: ChatModel): void {
        // Theia's recreateModelTree replaces the root's children before its refresh, so the refresh drops the new
        // nodes from the tree's index and keeps the old ones: every request of every chat this view showed stayed
        // reachable (the soak: 9 chat models alive after 6 deleted chats, about 80 KB a turn). A new root clears it.
        const root = this.model.root;
        if (CompositeTreeNode.is(root) && this.chatModelId !== chatModel.id) {
            this.model.root = { id: root.id, name: root.name, parent: undefined, visible: false, children: [] } as CompositeTreeNode;
        }
        super.trackChatModel(chatModel);
        chatModel.getRequests().forEach(request => this.renderFirstContentAtOnce(request));
        this.toDisposeOnChatModelChange.push(chatModel.onDidChange(event => {
            if (event.kind === 'addRequest') {
                this.renderSentRequestAtOnce(event.request);
                this.renderFirstContentAtOnce(event.request);
            }
        }));
    }

    /**
     * The request just sent is laid out as soon as the tree holds it, not after Theia's row debounce (10 ms) and a
     * React render in a task of its own: done that late, its render and its frame ran when the agent's first chunk
     * arrived (~20 ms after Send) and held it back 10–15 ms (production profile). Done now, it runs while the agent
     * reads the prompt.
     * Once: later tree changes keep Theia's batching.
     */
    protected renderSentRequestAtOnce(request: ChatRequestModel): void {
        const response = request.response;
        if (response.isComplete || !this.firstContentAtOnce.rendersFirstContentAtOnce(response.agentId ?? '')) {
            return;
        }
        const listener = this.model.onChanged(() => {
            if (this.model.getNode(request.id) === undefined) {
                return; // a refresh that does not hold the request yet
            }
            listener.dispose();
            if (!this.isDisposed && this.isVisible && !response.isComplete) {
                // Theia's path from a tree change to the screen, run now: the rows, the scroll to the end, then the
                // posted update (and whatever else Send posted) rendered now. The tree reports a change from its
                // refresh's continuation, never from inside Lumino's message loop, so this flush does not nest in it.
                this.updateRows.cancel();
                this.doUpdateRows();
                this.scheduleUpdateScrollToRow.cancel();
                this.scrollToRow = this.getScrollToRow();
                flushSync(() => MessageLoop.flush());
            }
        });
        this.toDisposeOnChatModelChange.push(listener);
    }

    protected renderFirstContentAtOnce(request: ChatRequestModel): void {
        const response = request.response;
        if (response.isComplete || response.response.content.length > 0 || !this.firstContentAtOnce.rendersFirstContentAtOnce(response.agentId ?? '')) {
            return;
        }
        const listener = response.onDidChange(() => {
            if (response.response.content.length > 0 || response.isComplete) {
                listener.dispose();
                if (!this.isDisposed && this.isVisible) {
                    this.scrollToRow = this.getScrollToRow();
                    flushSync(() => MessageLoop.sendMessage(this, Widget.Msg.UpdateRequest));
                }
            }
        });
        this.toDisposeOnChatModelChange.push(listener);
    }
}
