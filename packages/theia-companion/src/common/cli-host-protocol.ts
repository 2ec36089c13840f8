/*
 * Backend facts about CLI processes and commands that a window cannot see from the browser: which
 * terminal runs a connected CLI, whether a CLI is installed, and the connection self-check.
 */
import type { ConnectionDiagnosis, DiagnosisRequest } from './connection-diagnostics-protocol';

/** RPC path of the CLI host service (stateless, shared by all windows). */
export const CLI_HOST_SERVICE_PATH = '/services/ai-cli-companion/cli-host';

export interface SessionConnectionInfo {
    readonly sessionId: string;
    readonly serverPort: number;
    readonly remotePort: number;
}

/** A connected CLI session and the terminal shell (by pid) it runs under. */
export interface SessionTerminal {
    readonly sessionId: string;
    readonly pid: number;
    readonly shellPid: number;
    readonly cwd?: string;
}

export interface CommandLookup {
    readonly command: string;
    /** Where the command was found, or undefined when neither PATH has it. */
    readonly path?: string;
    /** Which PATH found it: the backend's (what terminals inherit) or a login shell's. */
    readonly foundBy?: 'backend PATH' | 'login shell';
    /** Whether `npm` (for Install with npm) and `npx` (for Run once with npx) can be run. */
    readonly npm: boolean;
    readonly npx: boolean;
}

export const CliHostService = Symbol('CliHostService');
export interface CliHostService {
    /** Which of the given terminal shells runs the CLI behind each connected session. */
    findSessionTerminals(connections: SessionConnectionInfo[], shellPids: number[]): Promise<SessionTerminal[]>;
    /** Whether `command` exists for a terminal's shell: on the backend's PATH or a login shell's. */
    lookUpCommand(command: string): Promise<CommandLookup>;
    /** Every check of Diagnose Connection that needs the backend. */
    diagnose(request: DiagnosisRequest): Promise<ConnectionDiagnosis>;
}
