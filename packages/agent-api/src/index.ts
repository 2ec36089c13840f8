export * from './agent-api';
export * from './agent-logger';
export * from './auth/credential-store';
export * from './cli-options';
export * from './engine/agent-profiles';
export * from './http/api-types';
