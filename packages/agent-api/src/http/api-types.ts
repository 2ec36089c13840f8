/** The spec's wire shapes (`../shared/spec/004`): every answer is a BaseResponse with an ISO 8601 timestamp. */
export interface BaseResponse {
    success: boolean;
    message?: string;
    timestamp: string;
    error?: string;
}

export type StreamEventType =
    'content' | 'thought' | 'tool_call' | 'tool_execution' | 'tool_result' | 'tool_confirmation' | 'complete' | 'error';

export interface ContentData { text: string; isPartial: boolean }
export interface ThoughtData { subject: string; description: string }
export interface ToolCallData {
    callId: string;
    name: string;
    displayName: string;
    description: string;
    args: Record<string, unknown>;
    requiresConfirmation: boolean;
}
export type ToolExecutionStatus = 'pending' | 'executing' | 'completed' | 'failed';
export interface ToolExecutionData { callId: string; status: ToolExecutionStatus; message: string }
export interface ToolResultData {
    callId: string;
    name: string;
    result: string;
    displayResult: string;
    success: boolean;
    error: string | null;
}
export interface ToolConfirmationData {
    callId: string;
    name: string;
    displayName: string;
    description: string;
    prompt: string;
    command: string;
    /** Not in the spec: the outcomes this call accepts, so a GUI shows only those buttons. */
    options: Array<{ outcome: string; label: string }>;
}
export interface CompleteData { success: boolean; message: string }
export interface ErrorData { message: string; code: string; details: string }

export interface StreamEventDataByType {
    content: ContentData;
    thought: ThoughtData;
    tool_call: ToolCallData;
    tool_execution: ToolExecutionData;
    tool_result: ToolResultData;
    tool_confirmation: ToolConfirmationData;
    complete: CompleteData;
    error: ErrorData;
}

export type StreamEvent = {
    [T in StreamEventType]: { type: T; data: StreamEventDataByType[T]; timestamp: string }
}[StreamEventType];

export function streamEvent<T extends StreamEventType>(type: T, data: StreamEventDataByType[T]): StreamEvent {
    return { type, data, timestamp: new Date().toISOString() } as StreamEvent;
}

/** The spec's outcomes plus today's `proceed_always_and_save`. */
export const TOOL_OUTCOMES = [
    'proceed_once', 'proceed_always', 'proceed_always_server', 'proceed_always_tool',
    'proceed_always_and_save', 'modify_with_editor', 'cancel'
] as const;
export type ToolOutcome = typeof TOOL_OUTCOMES[number];

export const AUTH_TYPES = ['gemini-api-key', 'oauth-personal', 'vertex-ai'] as const;
export type AuthType = typeof AUTH_TYPES[number];

/** One tool call as the non-streaming `/chat` answer lists it. */
export interface ToolCallSummary {
    callId: string;
    name: string;
    displayName: string;
    args: Record<string, unknown>;
    requiresConfirmation: boolean;
    status: 'completed' | 'failed' | 'cancelled' | 'pending';
    result?: string;
    error?: string | null;
}
