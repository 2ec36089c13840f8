import * as React from '@theia/core/shared/react';
import { SelectComponent, SelectOption } from '@theia/core/lib/browser/widgets/select-component';
import { AcpConfigControl } from '../../common/session-config/acp-config-options';
import { AcpUsageView } from '../../common/session-config/acp-usage';

export interface AcpSessionBarProps {
    /** The agent's compact config options (thinking level, its own), with the value to show. */
    readonly controls: ReadonlyArray<{ control: AcpConfigControl; value: string | boolean }>;
    readonly usage?: AcpUsageView;
    readonly disabled: boolean;
    readonly onChoose: (configId: string, value: string | boolean) => void;
    readonly onNewChat: () => void;
}

/**
 * The row under the chat input for an ACP agent (issue 23 parts 4, 5): a select per config option, a checkbox
 * per boolean option, and the session's usage (`50k / 200k · $0.12`, the exact figures in its tooltip). Near
 * the context's limit the usage turns to a warning with a button that starts a new chat.
 */
export function AcpSessionBar({ controls, usage, disabled, onChoose, onNewChat }: AcpSessionBarProps): React.ReactElement | null {
    if (controls.length === 0 && !usage) {
        return null;
    }
    return (
        <div className='theia-acp-session-bar'>
            {controls.map(({ control, value }) => control.kind === 'select'
                ? <ConfigSelect key={control.id} control={control} value={String(value)} disabled={disabled} onChoose={onChoose} />
                : <label key={control.id} className='theia-acp-config-option theia-acp-config-boolean' data-config-id={control.id} title={control.description ?? control.name}>
                    <input type='checkbox' checked={value === true} disabled={disabled} onChange={event => onChoose(control.id, event.currentTarget.checked)} />
                    {control.name}
                </label>)}
            {usage && <span className={`theia-acp-usage${usage.nearLimit ? ' theia-acp-usage-near-limit' : ''}`} title={usage.tooltip}>
                {usage.nearLimit && <span className='codicon codicon-warning' />}
                {usage.label}
            </span>}
            {usage?.nearLimit && <button type='button' className='theia-button secondary theia-acp-usage-new-chat' onClick={onNewChat}
                title='The context is nearly full: start a new chat with an empty one'>New Chat</button>}
        </div>
    );
}

function ConfigSelect({ control, value, disabled, onChoose }: {
    control: Extract<AcpConfigControl, { kind: 'select' }>; value: string; disabled: boolean; onChoose: (configId: string, value: string) => void
}): React.ReactElement {
    const options: SelectOption[] = React.useMemo(() => control.choices.map(choice => ({
        value: choice.value, label: choice.name, description: choice.group, detail: choice.description
    })), [control]);
    return (
        <span className='theia-acp-config-option theia-acp-config-select' data-config-id={control.id} title={control.description ?? control.name}>
            <span className='theia-acp-config-option-name'>{control.name}</span>
            <SelectComponent className={`theia-acp-config-select-box${disabled ? ' disabled' : ''}`} options={options} defaultValue={value}
                onChange={option => option.value !== undefined && onChoose(control.id, option.value)} />
        </span>
    );
}
