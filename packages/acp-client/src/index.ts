export * from './agent-errors';
export * from './agent-logger';
export * from './agent-pool';
export * from './agent-process';
export * from './agent-profiles';
export * from './process-tree';
export * from './workspace-agent';
