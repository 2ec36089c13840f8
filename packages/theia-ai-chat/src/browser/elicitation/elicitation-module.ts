import { interfaces } from '@theia/core/shared/inversify';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import { AcpElicitationRenderer } from './elicitation-renderer';

/** Forms and links an agent asks about (elicitation/create), drawn in its answer. */
export function bindElicitation(bind: interfaces.Bind): void {
    bind(AcpElicitationRenderer).toSelf().inSingletonScope();
    bind(ChatResponsePartRenderer).toService(AcpElicitationRenderer);
}
