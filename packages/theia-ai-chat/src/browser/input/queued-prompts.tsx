import * as React from '@theia/core/shared/react';
import type { QueuedPrompt } from './prompt-queue';

export interface AcpQueuedPromptsProps {
    readonly prompts: readonly QueuedPrompt[];
    /** The turn the queue waits for ended by a stop or an error: nothing leaves by itself until the user says so. */
    readonly held: boolean;
    readonly sendNowKey: string | undefined;
    readonly onSendNow: (id: number) => void;
    readonly onEdit: (id: number) => void;
    readonly onRemove: (id: number) => void;
}

/** The messages waiting under the chat input for the running turn to end (issue 31 part 3), each with Send now, Edit and Remove. */
export function AcpQueuedPrompts({ prompts, held, sendNowKey, onSendNow, onEdit, onRemove }: AcpQueuedPromptsProps): React.ReactElement | null {
    if (prompts.length === 0) {
        return null;
    }
    const when = held ? 'The turn was stopped: send it when you want' : 'Sent when the agent\'s turn ends';
    return (
        <div className='theia-acp-queued'>
            {prompts.map(prompt => (
                <div key={prompt.id} className='theia-acp-queued-prompt' title={`${when}. ${prompt.request.text}`}>
                    <span className='codicon codicon-clock' />
                    <span className='theia-acp-queued-label'>Queued</span>
                    <span className='theia-acp-queued-text'>{prompt.request.text}</span>
                    <span className='theia-acp-queued-actions'>
                        <QueueAction icon='send' title={`Send now: stops the running turn${sendNowKey ? ` (${sendNowKey})` : ''}`} onClick={() => onSendNow(prompt.id)} />
                        <QueueAction icon='edit' title='Edit: back into the input' onClick={() => onEdit(prompt.id)} />
                        <QueueAction icon='close' title='Remove' onClick={() => onRemove(prompt.id)} />
                    </span>
                </div>
            ))}
        </div>
    );
}

function QueueAction({ icon, title, onClick }: { icon: string; title: string; onClick: () => void }): React.ReactElement {
    return <span className={`codicon codicon-${icon} action-label theia-acp-queued-action`} role='button' tabIndex={0} title={title} aria-label={title}
        onClick={onClick} onKeyDown={event => (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), onClick())} />;
}
