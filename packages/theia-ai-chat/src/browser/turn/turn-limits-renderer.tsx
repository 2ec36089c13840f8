import * as React from '@theia/core/shared/react';
import { inject, injectable } from '@theia/core/shared/inversify';
import { OpenerService, open } from '@theia/core/lib/browser/opener-service';
import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import { AcpAnswerResources } from './answer-resources';
import { AcpHiddenToolCallsContent, AcpTruncatedTextContent } from './turn-limits';
import { useChanges } from './use-changes';

/** The lines a flooding turn ends in: tool calls past the card limit, text past the shown limit with "Show all". */
@injectable()
export class AcpTurnLimitsRenderer implements ChatResponsePartRenderer<AcpHiddenToolCallsContent | AcpTruncatedTextContent> {
    @inject(OpenerService) protected readonly openerService: OpenerService;
    @inject(AcpAnswerResources) protected readonly answers: AcpAnswerResources;

    canHandle(content: ChatResponseContent): number {
        return content instanceof AcpHiddenToolCallsContent || content instanceof AcpTruncatedTextContent ? 20 : -1;
    }

    render(content: AcpHiddenToolCallsContent | AcpTruncatedTextContent): React.ReactNode {
        return content instanceof AcpHiddenToolCallsContent
            ? <HiddenToolCalls content={content} />
            : <TruncatedText content={content} showAll={() => this.showAll(content)} />;
    }

    protected showAll(content: AcpTruncatedTextContent): void {
        void open(this.openerService, this.answers.uriFor(content.turnId, content.fullText));
    }
}

const HiddenToolCalls: React.FC<{ content: AcpHiddenToolCallsContent }> = ({ content }) => {
    useChanges(content);
    const statuses = content.byStatus().map(([status, count]) => `${count} ${status.replace('_', ' ')}`).join(', ');
    return <div className='theia-acp-turn-limit theia-acp-hidden-tool-calls'>
        <span className='codicon codicon-tools' /> {content.count} more tool calls not shown{statuses ? ` (${statuses})` : ''}
    </div>;
};

const TruncatedText: React.FC<{ content: AcpTruncatedTextContent; showAll(): void }> = ({ content, showAll }) => {
    useChanges(content);
    return <div className='theia-acp-turn-limit theia-acp-truncated-text'>
        <span className='codicon codicon-fold' /> {kb(content.hiddenChars)} more of the answer not shown here
        {content.droppedChars > 0 ? ` (the last ${kb(content.droppedChars)} not kept)` : ''}
        <button type='button' className='theia-button secondary theia-acp-show-all' onClick={showAll}>Show all</button>
    </div>;
};

const kb = (chars: number) => chars >= 1024 * 1024 ? `${(chars / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(chars / 1024)} KB`;
