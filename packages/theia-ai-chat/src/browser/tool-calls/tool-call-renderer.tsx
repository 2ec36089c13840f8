import * as React from '@theia/core/shared/react';
import { DiffLines } from './card-diff';
import { inject, injectable } from '@theia/core/shared/inversify';
import { URI } from '@theia/core';
import { MEMORY_TEXT_READONLY } from '@theia/core/lib/common/resource';
import { DiffUris } from '@theia/core/lib/browser/diff-uris';
import { OpenerService, open } from '@theia/core/lib/browser/opener-service';
import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import { ResponseNode } from '@theia/ai-chat-ui/lib/browser/chat-tree-view/chat-view-tree-widget';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { AcpLocation, AcpPlanContent, AcpToolCallContent, AcpToolContent } from '../turn/tool-call-content';
import { agentFileTarget } from '../turn/agent-links';
import { useChanges } from '../turn/use-changes';
import { PermissionOptionsView } from './permission-options-view';
import { AcpTerminalOutputs } from './terminal-outputs';
import { TerminalOutputView } from './terminal-output-view';

const KIND_ICONS: Record<string, string> = {
    read: 'codicon-eye', edit: 'codicon-edit', delete: 'codicon-trash', move: 'codicon-arrow-right', search: 'codicon-search',
    execute: 'codicon-terminal', think: 'codicon-lightbulb', fetch: 'codicon-globe', switch_mode: 'codicon-settings', other: 'codicon-tools'
};
const STATUS_ICONS: Record<string, string> = {
    pending: 'codicon-circle-outline', rejected: 'codicon-circle-slash', in_progress: 'codicon-loading codicon-modifier-spin', completed: 'codicon-check', failed: 'codicon-error'
};

/** ACP tool calls as live cards (title, kind, status, file links, diff or output, the agent's own permission buttons); plans as checklists. */
@injectable()
export class AcpToolCallRenderer implements ChatResponsePartRenderer<AcpToolCallContent | AcpPlanContent> {
    @inject(OpenerService) protected readonly openerService: OpenerService;
    @inject(AcpTerminalOutputs) protected readonly terminals: AcpTerminalOutputs;
    @inject(WorkspaceService) protected readonly workspaceService: WorkspaceService;

    canHandle(content: ChatResponseContent): number {
        return content instanceof AcpToolCallContent || content instanceof AcpPlanContent ? 20 : -1;
    }

    render(content: AcpToolCallContent | AcpPlanContent, _node: ResponseNode): React.ReactNode {
        if (content instanceof AcpPlanContent) {
            return <PlanView plan={content} />;
        }
        return <ToolCallView call={content} canOpen={location => !!this.locationTarget(location)} openLocation={location => this.openLocation(location)}
            openDiff={diff => this.openDiff(diff)} terminal={terminalId => this.terminals.view(terminalId)} />;
    }

    /** A location opens only inside the workspace: the agent names the path, the user only clicks. */
    protected locationTarget(location: AcpLocation): URI | undefined {
        return agentFileTarget(location.path, this.workspaceService.tryGetRoots().map(root => root.resource));
    }

    protected openLocation(location: AcpLocation): void {
        const uri = this.locationTarget(location);
        const line = typeof location.line === 'number' && location.line > 0 ? location.line - 1 : 0;
        if (uri) {
            void open(this.openerService, uri, { selection: { start: { line, character: 0 } } });
        }
    }

    /** The native diff editor: the text before (read-only, in memory) against the proposed text. */
    protected openDiff(diff: Extract<AcpToolContent, { type: 'diff' }>): void {
        const file = URI.fromFilePath(diff.path);
        const left = new URI().withScheme(MEMORY_TEXT_READONLY).withPath(file.path).withQuery(diff.oldText ?? '');
        const right = new URI().withScheme(MEMORY_TEXT_READONLY).withPath(file.path).withQuery(diff.newText);
        void open(this.openerService, DiffUris.encode(left, right, `${file.path.base} (proposed)`));
    }
}

interface ToolCallViewProps {
    call: AcpToolCallContent;
    canOpen(location: AcpLocation): boolean;
    openLocation(location: AcpLocation): void;
    openDiff(diff: Extract<AcpToolContent, { type: 'diff' }>): void;
    terminal: ContentViewProps['terminal'];
}
type ContentViewProps = Pick<ToolCallViewProps, 'openDiff'> & { item: AcpToolContent; terminal(terminalId: string): ReturnType<AcpTerminalOutputs['view']> };

const ToolCallView: React.FC<ToolCallViewProps> =
    ({ call, canOpen, openLocation, openDiff, terminal }) => {
        useChanges(call);
        const question = call.question;
        return <div className={`theia-acp-tool-call theia-acp-status-${call.status}`} data-tool-call-id={call.toolCallId}>
            <div className='theia-acp-tool-call-header'>
                <span className={`codicon ${KIND_ICONS[call.toolKind] ?? KIND_ICONS.other}`} title={call.toolKind} />
                <span className='theia-acp-tool-call-title'>{call.title || call.toolKind}</span>
                <span className={`theia-acp-tool-call-status codicon ${STATUS_ICONS[call.status] ?? ''}`} title={call.status} />
                <span className='theia-acp-tool-call-status-text'>{call.status.replace('_', ' ')}</span>
            </div>
            {call.locations.length > 0 && <div className='theia-acp-tool-call-locations'>
                {call.locations.map((location, index) => {
                    const label = `${location.path.split('/').pop()}${location.line ? `:${location.line}` : ''}`;
                    return canOpen(location)
                        ? <a key={index} className='theia-acp-location' href='#' title={location.path}
                            onClick={event => { event.preventDefault(); openLocation(location); }}>{label}</a>
                        : <span key={index} className='theia-acp-location theia-acp-inert-link' title={`Outside the workspace, not opened: ${location.path}`}>{label}</span>;
                })}
            </div>}
            {call.content.map((item, index) => <ToolContentView key={index} item={item} openDiff={openDiff} terminal={terminal} />)}
            {question && <div className='theia-acp-permission'>
                {question.answer !== undefined
                    ? <span className='theia-acp-permission-answer'>{question.answer}</span>
                    : <PermissionOptionsView question={question} />}
            </div>}
        </div>;
    };

const ToolContentView: React.FC<ContentViewProps> = ({ item, openDiff, terminal }) => {
    if (item.type === 'diff') {
        return <div className='theia-acp-diff'>
            <div className='theia-acp-diff-header'>
                <span>{item.path.split('/').pop()}</span>
                <button type='button' className='theia-button secondary theia-acp-open-diff' onClick={() => openDiff(item)}>Open Diff</button>
            </div>
            <DiffLines before={item.oldText ?? ''} after={item.newText} />
        </div>;
    }
    if (item.type === 'text') {
        return <pre className='theia-acp-tool-output'>{item.text}</pre>;
    }
    return <TerminalOutputView view={terminal(item.terminalId)} />;
};

const PlanView: React.FC<{ plan: AcpPlanContent }> = ({ plan }) => {
    useChanges(plan);
    return <ul className='theia-acp-plan'>
        {plan.entries.map((entry, index) => <li key={index} className={`theia-acp-plan-${entry.status}`}>
            <input type='checkbox' readOnly checked={entry.status === 'completed'} /> {entry.content}
        </li>)}
    </ul>;
};
