import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpTerminalOutput } from '../../common/tool-calls/terminal-output';

interface TerminalMeta {
    readonly terminal_info?: { readonly terminal_id?: unknown };
    readonly terminal_output?: { readonly terminal_id?: unknown; readonly data?: unknown };
    readonly terminal_exit?: { readonly terminal_id?: unknown; readonly exit_code?: unknown; readonly signal?: unknown };
}

/**
 * A command the agent runs itself, streamed in tool-call `_meta` (Zed's display-only terminal, which
 * codex-acp uses once the client declares `_meta.terminal_output`): `terminal_info` on the tool call
 * (whose title is the command line), then `terminal_output` chunks, then `terminal_exit`. Read as the
 * output a client terminal pushes, so the tool card shows both the same way; undefined otherwise.
 */
export function terminalOutputOfMeta(update: AcpSessionUpdate): AcpTerminalOutput | undefined {
    const meta = update._meta as TerminalMeta | undefined;
    if (!meta || typeof meta !== 'object') {
        return undefined;
    }
    const { terminal_info: info, terminal_output: output, terminal_exit: exit } = meta;
    const terminalId = [info?.terminal_id, output?.terminal_id, exit?.terminal_id].find((id): id is string => typeof id === 'string');
    if (!terminalId) {
        return undefined;
    }
    return {
        terminalId,
        command: info && typeof update.title === 'string' ? update.title : '',
        text: typeof output?.data === 'string' ? output.data : '',
        ...(exit ? {
            exitStatus: {
                exitCode: typeof exit.exit_code === 'number' ? exit.exit_code : null,
                signal: typeof exit.signal === 'string' ? exit.signal : null
            }
        } : {})
    };
}
