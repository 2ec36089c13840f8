import * as React from '@theia/core/shared/react';
import { permissionOptionView } from '../permissions/permission-question';
import { AcpPermissionChoice, AcpToolQuestion } from '../turn/tool-call-content';

const rejects = (option: AcpPermissionChoice) => option.kind.startsWith('reject');

/**
 * A permission question's buttons. A rejecting option also takes a reason: Shift+click, or the "…" beside it,
 * opens a field; Enter rejects with the reason, Esc closes the field and nothing is answered.
 */
export const PermissionOptionsView: React.FC<{ question: AcpToolQuestion }> = ({ question }) => {
    const [reasonFor, setReasonFor] = React.useState<AcpPermissionChoice | undefined>(undefined);
    return <>
        {question.options.map((option, index) => <React.Fragment key={index}>
            <PermissionButton option={option} choose={shift => shift && rejects(option) ? setReasonFor(option) : question.choose(option.optionId)} />
            {rejects(option) && <button type='button' className='theia-button secondary theia-acp-permission-reason-open'
                data-option-id={option.optionId} title={`${permissionOptionView(option).action} with a reason… (or Shift+click)`}
                onClick={() => setReasonFor(option)}>…</button>}
        </React.Fragment>)}
        {reasonFor && <ReasonField key={reasonFor.optionId} option={reasonFor}
            send={reason => question.choose(reasonFor.optionId, reason)} cancel={() => setReasonFor(undefined)} />}
    </>;
};

const ReasonField: React.FC<{ option: AcpPermissionChoice; send(reason: string): void; cancel(): void }> = ({ option, send, cancel }) => {
    const [reason, setReason] = React.useState('');
    const action = permissionOptionView(option).action;
    return <div className='theia-acp-permission-reason-row'>
        <input type='text' className='theia-input theia-acp-permission-reason' autoFocus value={reason} maxLength={2000}
            aria-label={`Why ${action.toLowerCase()}? The agent gets it`} placeholder={`Why? Enter: ${action.toLowerCase()} with this reason, Esc: cancel`}
            onChange={event => setReason(event.target.value)}
            onKeyDown={event => {
                if (event.key === 'Enter') {
                    event.preventDefault();
                    send(reason);
                } else if (event.key === 'Escape') {
                    event.preventDefault();
                    event.stopPropagation();
                    cancel();
                }
            }} />
        <button type='button' className='theia-button secondary theia-acp-permission-reason-send' onClick={() => send(reason)}>{action}</button>
    </div>;
};

/**
 * One permission option: what it does by its `kind` (icon, our wording), the agent's own name beside it, and
 * a warning when that name says the opposite ("Reject" on an `allow_always` option).
 */
const PermissionButton: React.FC<{ option: AcpPermissionChoice; choose(shift: boolean): void }> = ({ option, choose }) => {
    const view = permissionOptionView(option);
    const sameName = option.name.trim().toLowerCase() === view.action.toLowerCase();
    return <button type='button' data-option-id={option.optionId} data-option-kind={option.kind} data-option-name={option.name}
        className={`theia-button theia-acp-permission-option ${view.primary ? 'main' : 'secondary'}${view.warning ? ' theia-acp-permission-contradiction' : ''}`}
        title={view.warning ? `${view.action}: ${view.warning}` : view.action} onClick={event => choose(event.shiftKey)}>
        <span className={`codicon ${view.icon}`} />
        <span className='theia-acp-permission-action'>{view.action}</span>
        {!sameName && <span className='theia-acp-permission-name'>{option.name}</span>}
        {view.warning && <span className='theia-acp-permission-warning'><span className='codicon codicon-warning' />{view.warning}</span>}
    </button>;
};
