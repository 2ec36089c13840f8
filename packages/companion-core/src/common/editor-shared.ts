// What editor adapters share besides the IDE-companion protocol (`@ai-cli-companion/core/editor-shared`): the
// pending-question contract between the AI chat and the companion's review status, and the lines of a selection.
// Browser-safe and small: importing it loads none of the protocol (no profiles, schemas or MCP).
export * from './pending-questions';
export * from './selected-lines';
