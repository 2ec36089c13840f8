import * as React from '@theia/core/shared/react';
import { inject, injectable } from '@theia/core/shared/inversify';
import { CommandRegistry } from '@theia/core/lib/common/command';
import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';
import { ChatResponsePartRenderer } from '@theia/ai-chat-ui/lib/browser/chat-response-part-renderer';
import { ResponseNode } from '@theia/ai-chat-ui/lib/browser/chat-tree-view/chat-view-tree-widget';

export interface AcpCommandButton {
    readonly label: string;
    /** Shown under the label (a sign-in method's description). */
    readonly description?: string;
    /** A Theia command id: other packages' features are reached by id, never by import. */
    readonly commandId: string;
    readonly args?: readonly unknown[];
}

/**
 * Buttons under an answer that run Theia commands ("Install with npm" when the agent is missing). Unlike
 * Theia's question part they stay usable after the turn has ended, which a failed turn has.
 */
export class AcpCommandButtonsContent implements ChatResponseContent {
    readonly kind = 'acpCommandButtons';
    constructor(readonly buttons: readonly AcpCommandButton[]) { }

    asString(): string {
        return this.buttons.map(button => `[${button.label}]`).join(' ');
    }
}

/** Renders the buttons whose command this app has (the companion may not be part of it). */
@injectable()
export class AcpCommandButtonsRenderer implements ChatResponsePartRenderer<AcpCommandButtonsContent> {
    @inject(CommandRegistry) protected readonly commands: CommandRegistry;

    canHandle(content: ChatResponseContent): number {
        return content instanceof AcpCommandButtonsContent ? 20 : -1;
    }

    render(content: AcpCommandButtonsContent, _node: ResponseNode): React.ReactNode {
        const available = content.buttons.filter(button => this.commands.getCommand(button.commandId));
        if (available.length === 0) {
            return undefined;
        }
        return <div className='theia-acp-command-buttons'>
            {available.map(button => <button key={button.label} type='button' className='theia-button main theia-acp-command-button'
                title={button.description}
                onClick={() => void this.commands.executeCommand(button.commandId, ...(button.args ?? []))}>
                {button.label}
                {button.description && <span className='theia-acp-command-button-description'>{button.description}</span>}
            </button>)}
        </div>;
    }
}
