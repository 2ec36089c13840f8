import type * as AcpClient from '@ai-cli-companion/acp-client';
import type * as AcpSdk from '@agentclientprotocol/sdk';
import { deferredRequire } from '@ai-cli-companion/node-base';

/** The ACP engine and SDK (with zod), read from node_modules on the first chat, not parsed at backend start. */
export function acpEngine(): typeof AcpClient {
    return deferredRequire<typeof AcpClient>('@ai-cli-companion/acp-client');
}

export function acpSdk(): typeof AcpSdk {
    return deferredRequire<typeof AcpSdk>('@agentclientprotocol/sdk');
}
