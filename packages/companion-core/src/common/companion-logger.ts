/** The few logging calls the core makes; each adapter passes its own log, tests a silent one. */
export interface CompanionLogger {
    debug(message: string): void;
    info(message: string): void;
    warn(message: string): void;
    error(message: string): void;
}

export const silentLogger: CompanionLogger = {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined
};
