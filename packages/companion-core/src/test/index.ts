// Test helpers other packages' specs use: `@ai-cli-companion/core/testing`.
export * from './raw-mcp-client';
export * from './manual-clock';
export * from './codex-ipc-client';
export * from './copilot-socket-client';
