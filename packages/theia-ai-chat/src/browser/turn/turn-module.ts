import { interfaces } from '@theia/core/shared/inversify';
import { bindContributionProvider } from '@theia/core/lib/common/contribution-provider';
import { AcpTurnContribution } from './turn-contribution';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import { ResourceResolver } from '@theia/core/lib/common/resource';
import { ChatContentDeserializerContribution } from '@theia/ai-chat/lib/common/chat-content-deserializer';
import { AcpAnswerResources } from './answer-resources';
import { AcpCommandButtonsRenderer } from './command-buttons';
import { AcpMarkdownRenderer } from './markdown-renderer';
import { AcpMarkdownDeserializer } from './markdown-restore';
import { AcpTurnLimitsRenderer } from './turn-limits-renderer';

/** How an answer shows: its text, its limits, its follow-up buttons; the features' part in a turn (AcpTurnContribution). */
export function bindTurn(bind: interfaces.Bind): void {
    bindContributionProvider(bind, AcpTurnContribution);
    // Our agents' text, with one markdown-it for all parts (Theia's renderer builds one per render).
    bind(AcpMarkdownRenderer).toSelf().inSingletonScope();
    bind(ChatResponsePartRenderer).toService(AcpMarkdownRenderer);
    // ... restored as ours however the chat comes back (Theia's own markdown part would make its links live).
    bind(ChatContentDeserializerContribution).to(AcpMarkdownDeserializer).inSingletonScope();
    // What a flooding turn shows past its limits, and its whole answer as a read-only editor.
    bind(AcpTurnLimitsRenderer).toSelf().inSingletonScope();
    bind(ChatResponsePartRenderer).toService(AcpTurnLimitsRenderer);
    bind(AcpAnswerResources).toSelf().inSingletonScope();
    bind(ResourceResolver).toService(AcpAnswerResources);
    bind(AcpCommandButtonsRenderer).toSelf().inSingletonScope();
    bind(ChatResponsePartRenderer).toService(AcpCommandButtonsRenderer);
}
