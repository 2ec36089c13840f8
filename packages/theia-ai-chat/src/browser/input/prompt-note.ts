/**
 * A note that goes with the chat's next prompt as a text block after the attached files: the value of a chat
 * context variable (e.g. change-review's "Review note" of the hunks the user undid). The prompt builder reads
 * it by the variable's id and says when it went; the feature that keeps the note is bound to it where the folders
 * meet (acp-chat-frontend-module.ts), so input/ imports no feature.
 */
export const AcpPromptNote = Symbol('AcpPromptNote');
export interface AcpPromptNote {
    /** The id of the chat context variable that holds the note. */
    readonly variableId: string;
    /** A prompt of the chat carried the note: the next one starts empty. */
    sent(chatSessionId: string): void;
}
