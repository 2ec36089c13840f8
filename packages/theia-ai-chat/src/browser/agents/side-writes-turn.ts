import { AcpAgentSideWrites } from '../file-system/agent-side-writes';
import { AcpEditDiff } from '../file-system/edit-before';
import { AcpToolCallContent } from '../turn/tool-call-content';
import { AcpTurnParticipant } from '../turn/turn-contribution';

/**
 * The files an agent writes itself, in one turn (file-system/agent-side-writes.ts). Started by the chat agent, which
 * knows the turn's workspace roots; it would be file-system/'s contribution once that folder is open to change.
 */
export function sideWritesTurn(sideWrites: AcpAgentSideWrites): AcpTurnParticipant {
    const warn = (error: unknown) => console.warn('Could not list a file the agent wrote in the change set', error);
    return {
        onUpdate: update => void sideWrites.onUpdate(update).catch(warn),
        onEditCompleted: call => void sideWrites.onEditCompleted(call.toolCallId, diffsByPath(call)).catch(warn),
        beforePermissionAnswer: toolCall => sideWrites.snapshot(toolCall)
    };
}

/** An edit call's `diff` items by file (codex-acp sends one per hunk). */
function diffsByPath(call: AcpToolCallContent): Map<string, AcpEditDiff[]> {
    const byPath = new Map<string, AcpEditDiff[]>();
    for (const item of call.content) {
        if (item.type === 'diff') {
            byPath.set(item.path, [...byPath.get(item.path) ?? [], { oldText: item.oldText, newText: item.newText }]);
        }
    }
    return byPath;
}
