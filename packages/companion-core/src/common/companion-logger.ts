/** The core logs through the servers' one Logger interface (no Node code: a type only). */
export type { Logger as CompanionLogger } from '@ai-cli-companion/node-base';
