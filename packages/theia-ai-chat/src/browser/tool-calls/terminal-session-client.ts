import { inject, injectable } from '@theia/core/shared/inversify';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpTerminalOutput } from '../../common/tool-calls/terminal-output';
import { AcpSessionClientContribution } from '../session/session-client-contribution';
import { terminalOutputOfMeta } from './terminal-meta';
import { AcpTerminalOutputs } from './terminal-outputs';

/** The output of the commands an agent runs, from the backend's callbacks: in an update's _meta or on its own. */
@injectable()
export class AcpTerminalSessionClient implements AcpSessionClientContribution {
    @inject(AcpTerminalOutputs) protected readonly terminals: AcpTerminalOutputs;

    onSessionUpdate(chatSessionId: string, _agentId: string, update: AcpSessionUpdate): void {
        const output = terminalOutputOfMeta(update);
        if (output) {
            this.terminals.apply(chatSessionId, output); // before the card that shows it renders (the listener comes after)
        }
    }

    onTerminalOutput(chatSessionId: string, output: AcpTerminalOutput): void {
        this.terminals.apply(chatSessionId, output);
    }

    onChatDeleted(chatSessionId: string): void {
        this.terminals.forgetChat(chatSessionId);
    }
}
