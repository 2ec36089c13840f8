/**
 * The module ids the core loads with `deferredRequire` (node-base): on first use, from node_modules,
 * never parsed at a host's start. A host whose bundle carries them (the .vsix) provides these ids.
 */
export const DEFERRED_MODULES = {
    mcpServer: '@modelcontextprotocol/sdk/server/mcp.js',
    ajv: '@modelcontextprotocol/sdk/validation/ajv',
    server: '@modelcontextprotocol/sdk/server/index.js',
    types: '@modelcontextprotocol/sdk/types.js',
    zod: 'zod'
} as const;
