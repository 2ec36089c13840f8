import { StringDecoder } from 'string_decoder';
import type { TerminalExit, TerminalWatcher } from '@ai-cli-companion/acp-client';
import { AcpTerminalOutput } from '../../common/tool-calls/terminal-output';

/** What a window keeps of one terminal's output (characters); more than this is cut from the front. */
export const TERMINAL_DISPLAY_LIMIT = 64 * 1024;
/** At most one push per terminal in this time: a chatty command costs the window ~10 messages a second. */
export const TERMINAL_PUSH_INTERVAL_MS = 100;

/**
 * Pushes one terminal's output to the window that shows it: the first push at once (the command,
 * no output), then what arrived, batched per interval and bounded by what the window keeps, and
 * the exit status with the rest when the command ends. Push, not poll: the backend knows when
 * output arrives, and an idle command costs nothing.
 */
export class AcpTerminalRelay implements TerminalWatcher {
    private readonly decoder = new StringDecoder('utf8');
    private pending = '';
    private overflowed = false;
    private timer: NodeJS.Timeout | undefined;
    private done = false;

    constructor(private readonly terminalId: string, private readonly command: string,
        private readonly push: (output: AcpTerminalOutput) => void, private readonly intervalMs = TERMINAL_PUSH_INTERVAL_MS) {
        this.push({ terminalId, command, text: '' });
    }

    onOutput(chunk: Buffer): void {
        if (this.done) {
            return;
        }
        this.pending += this.decoder.write(chunk);
        if (this.pending.length > TERMINAL_DISPLAY_LIMIT) {
            this.pending = withoutLoneSurrogate(this.pending.slice(-TERMINAL_DISPLAY_LIMIT));
            this.overflowed = true;
        }
        this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
    }

    onExit(exit: TerminalExit): void {
        if (this.done) {
            return;
        }
        this.pending += this.decoder.end();
        this.flush(exit);
        this.done = true;
    }

    private flush(exitStatus?: TerminalExit): void {
        clearTimeout(this.timer);
        this.timer = undefined;
        if (this.pending === '' && !exitStatus) {
            return;
        }
        const output: AcpTerminalOutput = {
            terminalId: this.terminalId, command: this.command, text: this.pending,
            ...(this.overflowed ? { reset: true } : {}), ...(exitStatus ? { exitStatus: { ...exitStatus } } : {})
        };
        this.pending = '';
        this.overflowed = false;
        this.push(output);
    }
}

/** A cut may fall between the two halves of a character outside the BMP (an emoji): drop the half. */
function withoutLoneSurrogate(text: string): string {
    const first = text.charCodeAt(0);
    return first >= 0xdc00 && first <= 0xdfff ? text.slice(1) : text;
}
