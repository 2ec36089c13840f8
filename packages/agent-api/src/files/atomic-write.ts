/** Moved to node-base (the chat's `fs/write_text_file` writes with it too); kept here for the API's own imports. */
export { writeFileAtomic } from '@ai-cli-companion/node-base';
