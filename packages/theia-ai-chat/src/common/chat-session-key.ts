/** The key of one agent's ACP session inside one Theia chat session, the same in the window and the backend. */
export function chatSessionKey(chatSessionId: string, agentId: string): string {
    return `${chatSessionId}\u0000${agentId}`;
}
