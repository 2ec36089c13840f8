/**
 * The one logging interface of our servers and the core: the command writes to stderr, Theia passes its
 * ILogger, the .vsix its output channel, tests a silent one.
 */
export interface Logger {
    info(message: string): void;
    warn(message: string): void;
    error(message: string): void;
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Timestamped lines with their level, e.g. to stderr. */
export function streamLogger(write: (line: string) => void): Logger {
    const line = (level: string) => (message: string) => write(`${new Date().toISOString()} ${level} ${message}\n`);
    return { info: line('info'), warn: line('warn'), error: line('error') };
}
