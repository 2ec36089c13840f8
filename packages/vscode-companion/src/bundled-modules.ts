/* eslint-disable @typescript-eslint/no-require-imports */
import { DEFERRED_MODULES } from '@ai-cli-companion/core/node';
import { provideBundledModules } from '@ai-cli-companion/node-base';

/**
 * The .vsix ships no node_modules: the core's deferred modules (loaded from node_modules on first use in
 * the Theia backend) come from this bundle instead. Literal requires, so esbuild carries them.
 */
export function provideBundledCoreModules(): void {
    provideBundledModules({
        [DEFERRED_MODULES.mcpServer]: () => require('@modelcontextprotocol/sdk/server/mcp.js'),
        [DEFERRED_MODULES.ajv]: () => require('@modelcontextprotocol/sdk/validation/ajv'),
        [DEFERRED_MODULES.server]: () => require('@modelcontextprotocol/sdk/server/index.js'),
        [DEFERRED_MODULES.types]: () => require('@modelcontextprotocol/sdk/types.js'),
        [DEFERRED_MODULES.zod]: () => require('zod')
    });
}
