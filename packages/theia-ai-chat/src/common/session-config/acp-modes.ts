import { AcpMode } from '../acp-chat-protocol';

/** The agent's own default mode, by the id gemini, qwen, Claude Code and Copilot CLI give it. */
export function defaultModeOf(modes: readonly AcpMode[]): string | undefined {
    return modes.find(mode => mode.id === 'default')?.id;
}

/**
 * The mode to set before a prompt, or undefined when the session is in it already. Theia's selector shows the
 * default mode whenever the agent becomes the receiving one, and a prompt sent before the selector caught up
 * carries no mode: both mean the default, the one that asks before it edits. (Keeping the session's last mode
 * instead left gemini in Auto Edit under a selector that said Default.)
 */
export function modeToSet(modes: readonly AcpMode[], currentModeId: string | undefined, requested: string | undefined): string | undefined {
    const wanted = requested ?? defaultModeOf(modes);
    return wanted && wanted !== currentModeId && modes.some(mode => mode.id === wanted) ? wanted : undefined;
}
