import { StreamEvent, ToolCallData, ToolCallSummary, streamEvent } from '../http/api-types';
import { AcpPermissionOption, AcpToolCall, AcpUpdate, argsOf, commandOf, resultText, toolName } from './acp-tool-call';

interface CallState {
    data: ToolCallData;
    announced: boolean;
    status: ToolCallSummary['status'];
    result?: string;
    error?: string | null;
}

/** gemini sends a thought as "**Subject**\nDescription" ("****\n…" without a subject). */
const THOUGHT_SUBJECT = /^\*\*(.*?)\*\*\n?/s;

/**
 * Turns one prompt turn's ACP traffic into the spec's stream events. Stateful per turn: it
 * remembers each tool call so a call is announced once (`tool_call`), with the right
 * `requiresConfirmation`, name and arguments, whichever CLI sent what first.
 */
export class TurnTranslator {
    private readonly calls = new Map<string, CallState>();
    private text = '';
    private sentContent = false;

    /** Everything the agent said as text in this turn (the non-streaming answer). */
    get responseText(): string {
        return this.text;
    }

    get toolCalls(): ToolCallSummary[] {
        return [...this.calls.values()].map(call => ({
            callId: call.data.callId, name: call.data.name, displayName: call.data.displayName, args: call.data.args,
            requiresConfirmation: call.data.requiresConfirmation, status: call.status,
            ...(call.result !== undefined ? { result: call.result } : {}),
            ...(call.error !== undefined ? { error: call.error } : {})
        }));
    }

    update(update: AcpUpdate): StreamEvent[] {
        switch (update.sessionUpdate) {
            case 'agent_message_chunk': return this.messageChunk(update.content as { type?: string; text?: string } | undefined);
            case 'agent_thought_chunk': return this.thoughtChunk(update.content as { type?: string; text?: string } | undefined);
            case 'tool_call':
            case 'tool_call_update': return this.toolUpdate(update as unknown as AcpToolCall);
            default: return [];
        }
    }

    /** A permission request: the call is announced (needing confirmation) and the question asked. */
    permission(toolCall: AcpToolCall, options: readonly AcpPermissionOption[]): StreamEvent[] {
        const events: StreamEvent[] = [];
        const call = this.track(toolCall, true);
        if (!call.announced) {
            call.announced = true;
            events.push(streamEvent('tool_call', { ...call.data }));
        }
        const { data } = call;
        const command = commandOf(toolCall, data);
        events.push(streamEvent('tool_confirmation', {
            callId: data.callId, name: data.name, displayName: data.displayName,
            description: `Confirm tool call: ${data.displayName}`,
            prompt: `Allow ${data.name}: ${command}?`,
            command,
            options: options.map(option => ({ outcome: option.optionId, label: option.name }))
        }));
        events.push(streamEvent('tool_execution', { callId: data.callId, status: 'pending', message: `Waiting for confirmation of ${data.name}` }));
        return events;
    }

    /** The user's answer to a permission request, reported before the agent acts on it. */
    confirmed(callId: string, outcome: string): StreamEvent[] {
        const call = this.calls.get(callId);
        if (!call) {
            return [];
        }
        if (outcome === 'cancel') {
            return this.finish(call, false, '', `Tool "${call.data.name}" was cancelled by the user.`, 'cancelled');
        }
        return [streamEvent('tool_execution', { callId, status: 'executing', message: `Executing ${call.data.name}…` })];
    }

    /** The turn ended: the last content chunk (`isPartial: false`) and `complete`, or `error`. */
    end(outcome: { stopReason: string } | { error: { message: string; code: string; details: string } }): StreamEvent[] {
        const events: StreamEvent[] = [];
        for (const call of this.calls.values()) {
            if (call.status === 'pending') {
                events.push(...this.finish(call, false, '', 'The turn ended before the tool call finished.', 'cancelled'));
            }
        }
        if (this.sentContent) {
            events.push(streamEvent('content', { text: '', isPartial: false }));
        }
        if ('error' in outcome) {
            events.push(streamEvent('error', outcome.error));
            return events;
        }
        const cancelled = outcome.stopReason === 'cancelled';
        events.push(streamEvent('complete', {
            success: !cancelled && outcome.stopReason !== 'refusal',
            message: cancelled ? 'Conversation cancelled' : `Conversation complete (${outcome.stopReason})`
        }));
        return events;
    }

    private messageChunk(content: { type?: string; text?: string } | undefined): StreamEvent[] {
        const text = content?.type === 'text' ? content.text ?? '' : '';
        if (text === '') {
            return [];
        }
        this.text += text;
        this.sentContent = true;
        return [streamEvent('content', { text, isPartial: true })];
    }

    private thoughtChunk(content: { type?: string; text?: string } | undefined): StreamEvent[] {
        const text = content?.type === 'text' ? content.text ?? '' : '';
        if (text.trim() === '') {
            return [];
        }
        const match = THOUGHT_SUBJECT.exec(text);
        return [streamEvent('thought', match
            ? { subject: match[1].trim(), description: text.slice(match[0].length).trim() }
            : { subject: '', description: text })];
    }

    private toolUpdate(update: AcpToolCall): StreamEvent[] {
        const known = this.calls.get(update.toolCallId);
        const call = this.track(update, known?.data.requiresConfirmation ?? false);
        const events: StreamEvent[] = [];
        // qwen announces a call as "pending" before it knows whether it will ask: wait for the
        // permission request or the start of execution, which say which it is.
        if (!call.announced && update.status !== 'pending') {
            call.announced = true;
            events.push(streamEvent('tool_call', { ...call.data }));
        }
        switch (update.status) {
            case 'in_progress':
                events.push(streamEvent('tool_execution', { callId: call.data.callId, status: 'executing', message: `Executing ${call.data.name}…` }));
                break;
            case 'completed':
                events.push(...this.finish(call, true, resultText(update) || (update.title ?? ''), null, 'completed'));
                break;
            case 'failed':
                events.push(...this.finish(call, false, '', resultText(update) || 'Tool call failed.', 'failed'));
                break;
        }
        return events;
    }

    private finish(call: CallState, success: boolean, result: string, error: string | null, status: CallState['status']): StreamEvent[] {
        if (call.status !== 'pending') {
            return []; // already reported (e.g. a cancel we answered, then the agent's own failure)
        }
        call.status = status;
        call.result = result;
        call.error = error;
        const events: StreamEvent[] = [];
        if (!call.announced) {
            call.announced = true;
            events.push(streamEvent('tool_call', { ...call.data }));
        }
        const { callId, name, displayName } = call.data;
        events.push(streamEvent('tool_execution', {
            callId, status: success ? 'completed' : 'failed',
            message: success ? `${name} completed` : error ?? `${name} failed`
        }));
        events.push(streamEvent('tool_result', {
            callId, name, result, success, error,
            displayResult: success ? `${displayName}: done` : `${displayName}: ${status === 'cancelled' ? 'cancelled' : 'failed'}`
        }));
        return events;
    }

    /** Merges what this message says about the call into what is known already. */
    private track(update: AcpToolCall, requiresConfirmation: boolean): CallState {
        let call = this.calls.get(update.toolCallId);
        if (!call) {
            call = {
                data: { callId: update.toolCallId, name: '', displayName: '', description: '', args: {}, requiresConfirmation },
                announced: false, status: 'pending'
            };
            this.calls.set(update.toolCallId, call);
        }
        const data = call.data;
        data.requiresConfirmation = data.requiresConfirmation || requiresConfirmation;
        if (!data.name || data.name === 'tool') {
            data.name = toolName(update);
        }
        const title = update.title ?? '';
        if (title && (!data.displayName || data.displayName === data.name || /^[A-Z]\w+$/.test(data.displayName))) {
            data.displayName = title; // qwen's first "WriteFile" becomes "Writing to hello.txt"
        }
        data.displayName ||= data.name;
        data.description = title || data.description || data.name;
        const args = argsOf(update);
        if (Object.keys(args).length > 0) {
            data.args = { ...data.args, ...args };
        }
        return call;
    }
}
