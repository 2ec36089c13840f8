import type { AcpSessionUpdate } from '../acp-chat-protocol';

export interface AcpPermissionOption { readonly optionId: string; readonly name: string; readonly kind: string }

/** A `session/request_permission` as the window gets it: the tool call asked about and the agent's options. */
export interface AcpPermissionRequest {
    /** Ours, to answer with; the agent's JSON-RPC id stays in the backend. */
    readonly permissionId: string;
    readonly toolCall: AcpSessionUpdate & { toolCallId: string };
    readonly options: AcpPermissionOption[];
}
