import * as React from '@theia/core/shared/react';
import { inject, injectable } from '@theia/core/shared/inversify';
import { WindowService } from '@theia/core/lib/browser/window/window-service';
import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import { ResponseNode } from '@theia/ai-chat-ui/lib/browser/chat-tree-view/chat-view-tree-widget';
import { AcpElicitationForm, AcpFormField } from '../../common/elicitation/acp-elicitation';
import { checkFormAnswer } from '../../common/elicitation/elicitation-answer-check';
import { AcpElicitationContent } from './elicitation-content';

/** Draws an agent's form (Submit, Decline, Cancel), its link (Open <host>), or why it cannot be shown. */
@injectable()
export class AcpElicitationRenderer implements ChatResponsePartRenderer<AcpElicitationContent> {
    @inject(WindowService) protected readonly windowService: WindowService;

    canHandle(content: ChatResponseContent): number {
        return content instanceof AcpElicitationContent ? 20 : -1;
    }

    render(content: AcpElicitationContent, _node: ResponseNode): React.ReactNode {
        return <ElicitationView content={content} openLink={url => this.windowService.openNewWindow(url, { external: true })} />;
    }
}

function ElicitationView({ content, openLink }: { content: AcpElicitationContent; openLink: (url: string) => void }): React.ReactElement {
    const { request } = content;
    if (request.mode === 'refused') {
        return <div className='theia-acp-elicitation theia-acp-elicitation-refused'>
            <span className='theia-acp-elicitation-error'>{request.problem}</span>
        </div>;
    }
    const message = request.mode === 'form' ? request.form.message : request.message;
    // Keys typed here are the form's: the chat tree would take Space, Enter and the arrows.
    return <div className='theia-acp-elicitation' onKeyDown={event => event.stopPropagation()}>
        <div className='theia-acp-elicitation-message'>{message}</div>
        {!content.open
            ? <div className='theia-acp-elicitation-answer'>{content.answer}</div>
            : request.mode === 'form'
                ? <FormView content={content} form={request.form} />
                : <div className='theia-acp-elicitation-buttons'>
                    <button type='button' className='theia-button main' title={request.url}
                        onClick={() => { openLink(request.url); void content.submit({ action: 'accept' }); }}>Open {request.host}</button>
                    <button type='button' className='theia-button secondary' onClick={() => void content.submit({ action: 'decline' })}>Decline</button>
                    <button type='button' className='theia-button secondary' onClick={() => void content.submit({ action: 'cancel' })}>Cancel</button>
                </div>}
        {content.open && content.problem && <div className='theia-acp-elicitation-error'>{content.problem}</div>}
    </div>;
}

function initialValues(form: AcpElicitationForm): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const field of form.fields) {
        if (field.kind === 'boolean') {
            values[field.name] = field.default ?? false;
        } else if (field.default !== undefined) {
            values[field.name] = field.default;
        }
    }
    return values;
}

function FormView({ content, form }: { content: AcpElicitationContent; form: AcpElicitationForm }): React.ReactElement {
    const [values, setValues] = React.useState<Record<string, unknown>>(() => initialValues(form));
    const [errors, setErrors] = React.useState<Record<string, string>>({});
    const set = (name: string, value: unknown) => setValues(current => ({ ...current, [name]: value }));
    const submit = (event: React.FormEvent) => {
        event.preventDefault();
        const checked = checkFormAnswer(form, values);
        if ('errors' in checked) {
            setErrors(checked.errors);
            return;
        }
        setErrors({});
        void content.submit({ action: 'accept', content: checked.content });
    };
    return <form className='theia-acp-elicitation-form' onSubmit={submit} noValidate>
        {form.title && <div className='theia-acp-elicitation-title'>{form.title}</div>}
        {form.description && <div className='theia-acp-elicitation-field-description'>{form.description}</div>}
        {form.fields.map(field => <div key={field.name} className='theia-acp-elicitation-field' data-field={field.name}>
            {field.kind === 'boolean'
                ? <label><input type='checkbox' checked={values[field.name] === true} onChange={event => set(field.name, event.target.checked)} /> {field.title}{field.required ? ' *' : ''}</label>
                : <label htmlFor={inputId(content, field)}>{field.title}{field.required ? ' *' : ''}</label>}
            {field.description && <span className='theia-acp-elicitation-field-description'>{field.description}</span>}
            <FieldInput id={inputId(content, field)} field={field} value={values[field.name]} onChange={value => set(field.name, value)} />
            {errors[field.name] && <span className='theia-acp-elicitation-error'>{errors[field.name]}</span>}
        </div>)}
        {Object.entries(errors).filter(([name]) => !form.fields.some(field => field.name === name))
            .map(([name, problem]) => <div key={name} className='theia-acp-elicitation-error'>{problem}</div>)}
        <div className='theia-acp-elicitation-buttons'>
            <button type='submit' className='theia-button main'>Submit</button>
            <button type='button' className='theia-button secondary' onClick={() => void content.submit({ action: 'decline' })}>Decline</button>
            <button type='button' className='theia-button secondary' onClick={() => void content.submit({ action: 'cancel' })}>Cancel</button>
        </div>
    </form>;
}

function inputId(content: AcpElicitationContent, field: AcpFormField): string {
    return `${content.request.elicitationId}-${field.name}`;
}

function FieldInput({ id, field, value, onChange }: { id: string; field: AcpFormField; value: unknown; onChange: (value: unknown) => void }): React.ReactElement | null {
    switch (field.kind) {
        case 'string':
            return <input id={id} type='text' className='theia-input' value={typeof value === 'string' ? value : ''}
                placeholder={field.format ?? ''} onChange={event => onChange(event.target.value)} />;
        case 'number':
            return <input id={id} type='number' className='theia-input' step={field.integer ? 1 : 'any'}
                value={typeof value === 'number' ? value : typeof value === 'string' ? value : ''}
                onChange={event => {
                    const raw = event.target.value;
                    onChange(raw.trim() === '' ? undefined : Number.isFinite(Number(raw)) ? Number(raw) : raw);
                }} />;
        case 'enum':
            return <select id={id} className='theia-select' value={typeof value === 'string' ? value : ''} onChange={event => onChange(event.target.value || undefined)}>
                <option value=''>{field.required ? 'Choose…' : '(none)'}</option>
                {field.options.map(option => <option key={option.value} value={option.value}>{option.title}</option>)}
            </select>;
        case 'multi': {
            const chosen = Array.isArray(value) ? value as string[] : [];
            return <div id={id} className='theia-acp-elicitation-choices'>
                {field.options.map(option => <label key={option.value}>
                    <input type='checkbox' checked={chosen.includes(option.value)}
                        onChange={event => onChange(event.target.checked ? [...chosen, option.value] : chosen.filter(item => item !== option.value))} /> {option.title}
                </label>)}
            </div>;
        }
        default:
            return null;
    }
}
