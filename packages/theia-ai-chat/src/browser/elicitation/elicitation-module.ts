import { interfaces } from '@theia/core/shared/inversify';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import { ChatContentDeserializerContribution } from '@theia/ai-chat/lib/common/chat-content-deserializer';
import { AcpElicitationRenderer } from './elicitation-renderer';
import { AcpElicitationDeserializer } from './elicitation-restore';
import { AcpTurnContribution } from '../turn/turn-contribution';
import { AcpElicitationTurnContribution } from './elicitation-turn';

/** Forms and links an agent asks about (elicitation/create), drawn in its answer and restored settled with a saved chat. */
export function bindElicitation(bind: interfaces.Bind): void {
    bind(AcpElicitationRenderer).toSelf().inSingletonScope();
    bind(ChatResponsePartRenderer).toService(AcpElicitationRenderer);
    bind(ChatContentDeserializerContribution).to(AcpElicitationDeserializer).inSingletonScope();
    bind(AcpTurnContribution).to(AcpElicitationTurnContribution).inSingletonScope();
}
