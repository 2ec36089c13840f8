import { ILogger } from '@theia/core/lib/common/logger';
import type { CompanionLogger } from '@ai-cli-companion/core';

/** Routes the protocol core's log lines into Theia's logger (level filtering included). */
export function toCompanionLogger(logger: ILogger): CompanionLogger {
    return {
        info: message => void logger.info(message),
        warn: message => void logger.warn(message),
        error: message => void logger.error(message)
    };
}
