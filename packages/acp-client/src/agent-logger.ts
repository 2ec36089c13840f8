/** Where the server's log lines go: the shared Logger (stderr for the command, the output channel inside Theia). */
export type { Logger as AgentLogger } from '@ai-cli-companion/node-base';
export { silentLogger, streamLogger } from '@ai-cli-companion/node-base';
