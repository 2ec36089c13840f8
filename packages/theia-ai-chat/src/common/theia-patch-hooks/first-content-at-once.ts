/** Called by the chat tree's patch (theia-patches/chat-view-tree-widget.ts): which agents' first content skips Theia's debounce. */
export const FirstContentAtOnce = Symbol('FirstContentAtOnce');
export interface FirstContentAtOnce {
    rendersFirstContentAtOnce(agentId: string): boolean;
}
