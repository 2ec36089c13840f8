import type { AgentLogger } from '@ai-cli-companion/acp-client';
import { badRequest, forbidden, success } from '../http/api-envelope';
import { runCommand } from './command-runner';
import { WorkspaceRoots } from './workspace-roots';

export interface ExecuteCommandRouteOptions {
    readonly enabled: boolean;
    readonly roots: WorkspaceRoots;
    /** What the children get: no token, no keys (see withoutSecrets). */
    readonly environment: NodeJS.ProcessEnv;
    readonly logger: AgentLogger;
    readonly scrub: (text: string) => string;
    readonly timeoutMs?: number;
    readonly maxOutputBytes?: number;
}

/** `/execute-command`: off unless enabled, run in a workspace directory, every run written to the audit log. */
export class ExecuteCommandRoute {
    constructor(private readonly options: ExecuteCommandRouteOptions) { }

    async handle(body: Record<string, unknown>): Promise<object> {
        if (!this.options.enabled) {
            throw forbidden('/execute-command is disabled. Start the server with --enable-execute-command ' +
                '(inside Theia: the preference aiCliAgentApi.enableExecuteCommand) to allow it.', 'Execute command disabled');
        }
        const { command, cwd, shell } = body;
        if (typeof command !== 'string' || command.trim() === '') {
            throw badRequest('"command" must be a non-empty string.');
        }
        if (shell !== undefined && typeof shell !== 'boolean') {
            throw badRequest('"shell" must be a boolean.');
        }
        const directory = cwd === undefined ? this.options.roots.primary : this.options.roots.resolveDirectory(cwd);
        const scrub = this.options.scrub;
        let result;
        try {
            result = await runCommand(command, {
                cwd: directory, shell: shell === true, env: this.options.environment,
                timeoutMs: this.options.timeoutMs ?? 60_000,
                maxOutputBytes: this.options.maxOutputBytes ?? 1024 * 1024
            });
        } catch (error) {
            this.options.logger.info(scrub(`audit: execute-command refused or failed to start: ${JSON.stringify(command)} in ${directory}: ${(error as Error).message}`));
            throw badRequest(scrub(`Could not run the command: ${(error as Error).message}`), 'Command failed to start');
        }
        this.options.logger.info(scrub(`audit: execute-command ${JSON.stringify(command)} in ${directory} (shell: ${shell === true}) ` +
            `exit ${result.exitCode}${result.timedOut ? ' (timed out)' : ''}`));
        return {
            ...success(result.timedOut ? 'Command timed out and was killed' : 'Command finished', {
                command: scrub(command), output: scrub(result.stdout), stderr: result.stderr === '' ? null : scrub(result.stderr),
                exitCode: result.exitCode, timedOut: result.timedOut, truncated: result.truncated
            }),
            success: result.exitCode === 0 && !result.timedOut
        };
    }
}
