// Browser-safe part of the core: no Node imports (browser-side adapters bundle it). Node-only code is
// `@ai-cli-companion/core/node`.
export * from './claude-ide-wire';
export * from './claude-selection';
export * from './client-profiles';
export * from './client-transports';
export * from './clock';
export * from './companion-logger';
export * from './connection-diagnosis';
export * from './connection-report';
export * from './context-normalizer';
export * from './diff-registry';
export * from './diff-review-controller';
export * from './endpoint-status';
export * from './json-rpc';
export * from './native-extension';
export * from './open-files-model';
export * from './pending-questions';
export * from './selected-lines';
export * from './wire-schemas';
export * from './terminal-status';
export * from './terminal-status-state';
