// Node-only part of the core: the MCP server, discovery files, paths and processes.
export * from './claude-ide-server';
export * from './claude-ide-tools';
export * from './cli-settings-file';
export * from './codex-ipc';
export * from './companion-discovery';
export * from './companion-endpoint';
export * from './companion-tools';
export * from './context-feed';
export * from './diff-broker';
export * from './discovery-file';
export * from './host-paths';
export * from './mcp-http-server';
export * from './mcp-sdk-modules';
export * from './notification-answer';
export * from './process-info';
export * from './session-transport';
export * from './workspace-paths';
