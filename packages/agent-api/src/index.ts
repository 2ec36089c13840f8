export * from './agent-api';
export { AgentLogger, silentLogger, streamLogger } from '@ai-cli-companion/acp-client';
export * from './auth/credential-store';
export * from './cli-options';
export { AGENT_PROFILES, AgentProfile, agentProfile } from '@ai-cli-companion/acp-client';
export * from './http/api-types';
