import { startAgentApi } from './agent-api';
import { streamLogger } from '@ai-cli-companion/acp-client';
import { HELP, UsageError, parseCommandLine } from './cli-options';

/** `ai-cli-agent-api serve …`: stdout carries the two start lines, the log goes to stderr. */
export async function main(argv: readonly string[]): Promise<void> {
    let parsed;
    try {
        parsed = parseCommandLine(argv, process.env);
    } catch (error) {
        if (error instanceof UsageError) {
            process.stderr.write(`${error.message}\n`);
            process.exitCode = 2;
            return;
        }
        throw error;
    }
    if (parsed.help) {
        process.stdout.write(`${HELP}\n`);
        return;
    }
    const logger = streamLogger(line => process.stderr.write(line));
    let api;
    try {
        api = await startAgentApi({ ...parsed.options, logger });
    } catch (error) {
        process.stderr.write(`Could not start: ${(error as Error).message}\n`);
        process.exitCode = 1;
        return;
    }
    process.stdout.write(`listening on ${api.url}\n`);
    process.stdout.write(`token file: ${api.tokenFile}\n`);
    const shutdown = (signal: string) => {
        logger.info(`${signal}: stopping`);
        // Whatever happens, do not outlive the grace period: the agents are killed by then.
        setTimeout(() => process.exit(1), 8000).unref();
        void api.stop().then(() => process.exit(0), error => {
            logger.error(`Stop failed: ${(error as Error).message}`);
            process.exit(1);
        });
    };
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    process.once('SIGINT', () => shutdown('SIGINT'));
}
