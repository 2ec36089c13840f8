import { interfaces } from '@theia/core/shared/inversify';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import { AcpTerminalOutputs } from './terminal-outputs';
import { AcpToolCallRenderer } from './tool-call-renderer';
import { AcpSessionClientContribution } from '../session/session-client-contribution';
import { AcpTerminalSessionClient } from './terminal-session-client';

/** Tool-call cards, with the output of the commands an agent runs. */
export function bindToolCalls(bind: interfaces.Bind): void {
    bind(AcpTerminalOutputs).toSelf().inSingletonScope();
    bind(AcpSessionClientContribution).to(AcpTerminalSessionClient).inSingletonScope();
    bind(AcpToolCallRenderer).toSelf().inSingletonScope();
    bind(ChatResponsePartRenderer).toService(AcpToolCallRenderer);
}
