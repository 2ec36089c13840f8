import { AcpAvailableCommand } from '../../common/session-config/acp-commands';

/** Session-wide state fed by updates outside turns too: the agent's commands and current mode. */
export interface AcpSessionState {
    onCommands(commands: AcpAvailableCommand[]): void;
    onMode(modeId: string): void;
}
