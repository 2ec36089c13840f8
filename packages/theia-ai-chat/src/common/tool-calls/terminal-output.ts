/**
 * Output of a command an agent runs through `terminal/create`, pushed to the window at most every
 * ~100 ms. The first push (empty `text`) comes before the agent hears the terminal's id.
 */
export interface AcpTerminalOutput {
    readonly terminalId: string;
    /** The command line, for display. */
    readonly command: string;
    /** Output since the last push (UTF-8 decoded). */
    readonly text: string;
    /** More came since the last push than a window keeps: `text` is the end of it and replaces what was shown. */
    readonly reset?: boolean;
    /** Set once, on the last push, when the command has exited. */
    readonly exitStatus?: { readonly exitCode: number | null; readonly signal: string | null };
}
