/*
 * Backend facts about CLI processes and commands that a window cannot see from the browser: which
 * terminal runs a connected CLI, whether a CLI is installed, and the connection self-check.
 */
import type { ConnectionDiagnosis, DiagnosisRequest } from '@ai-cli-companion/core';
// Plain data types of the core's Node side; the checks themselves run in the backend.
import type { CommandLookup, SessionConnection, SessionProcess } from '@ai-cli-companion/core/node';

export type { CommandLookup };
/** A connected CLI session's loopback connection. */
export type SessionConnectionInfo = SessionConnection;
/** A connected CLI session and the terminal shell (by pid) it runs under. */
export type SessionTerminal = SessionProcess;

/** A connected CLI session whose process is known (EndpointSessionStatus.pid). */
export interface SessionPid {
    readonly sessionId: string;
    readonly pid: number;
}

/** RPC path of the CLI host service (stateless, shared by all windows). */
export const CLI_HOST_SERVICE_PATH = '/services/ai-cli-companion/cli-host';

export const CliHostService = Symbol('CliHostService');
export interface CliHostService {
    /** Which of the given terminal shells runs the CLI behind each connected session. */
    findSessionTerminals(connections: SessionConnectionInfo[], shellPids: number[]): Promise<SessionTerminal[]>;
    /** The same for sessions that name their process instead (Copilot CLI's pid, Codex found by its folder). */
    findProcessTerminals(processes: SessionPid[], shellPids: number[]): Promise<SessionTerminal[]>;
    /** Whether `command` exists for a terminal's shell: on the backend's PATH or a login shell's. */
    lookUpCommand(command: string): Promise<CommandLookup>;
    /** Every check of Diagnose Connection that needs the backend. */
    diagnose(request: DiagnosisRequest): Promise<ConnectionDiagnosis>;
}
