/** Where the server's log lines go: stderr for the command, the output channel inside Theia. */
export interface AgentLogger {
    info(message: string): void;
    warn(message: string): void;
    error(message: string): void;
}

export const silentLogger: AgentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function streamLogger(write: (line: string) => void): AgentLogger {
    const line = (level: string) => (message: string) => write(`${new Date().toISOString()} ${level} ${message}\n`);
    return { info: line('info'), warn: line('warn'), error: line('error') };
}
