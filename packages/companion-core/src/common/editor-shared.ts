// What editor adapters share besides the IDE-companion protocol (`@ai-cli-companion/core/editor-shared`): the
// pending-question contract between the AI chat and the companion's review status, the lines of a selection, and
// the change blocks (hunks) both the terminal CLIs' review and the chat's review keep and revert.
// Browser-safe and small: importing it loads none of the protocol (no profiles, schemas or MCP).
export * from './pending-questions';
export * from './selected-lines';
export * from './change-blocks';
