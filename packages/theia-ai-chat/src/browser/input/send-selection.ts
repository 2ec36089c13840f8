import { inject, injectable } from '@theia/core/shared/inversify';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MenuContribution, MenuModelRegistry, MenuPath } from '@theia/core/lib/common/menu';
import { MessageService } from '@theia/core/lib/common/message-service';
import { QuickInputService } from '@theia/core/lib/common/quick-pick-service';
import { EDITOR_CONTEXT_MENU } from '@theia/editor/lib/browser/editor-menu';
import { EditorManager } from '@theia/editor/lib/browser/editor-manager';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { AIChatContribution } from '@theia/ai-chat-ui/lib/browser/ai-chat-ui-contribution';
import { selectedLines } from '@ai-cli-companion/core/editor-shared';
import { BUILT_IN_ACP_AGENTS } from '../../common/agents/acp-chat-agents';
import { AcpAgentDirectory } from '../session/agent-directory';

/** The group the companion's "Send to <CLI>" entries use (by value: adapters never import each other). */
const EDITOR_MENU: MenuPath = [...EDITOR_CONTEXT_MENU, '2_ai_cli'];

export namespace AcpSendSelectionCommands {
    const category = 'AI CLI';
    export const SEND_SELECTION: Command = { id: 'aiCliChat.sendSelection', category, label: 'Send Selection to Chat Agent' };
    export function sendTo(agentId: string): Command {
        return { id: `aiCliChat.sendSelectionTo.${agentId}`, category, label: `Send Selection to @${agentId} Chat` };
    }
}

/**
 * Send Selection for the chat agents: the chat input gets `@<agent> #file:<path>` and the selected lines,
 * focused and not sent, like the terminal variant types `@path` into the CLI's prompt. Theia's chat
 * resolves the `#file` variable, which reaches the agent as a resource (link or embedded).
 */
@injectable()
export class AcpSendSelectionContribution implements CommandContribution, MenuContribution {
    @inject(EditorManager) protected readonly editors: EditorManager;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;
    @inject(AIChatContribution) protected readonly chatView: AIChatContribution;
    @inject(AcpAgentDirectory) protected readonly registry: AcpAgentDirectory;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(MessageService) protected readonly messages: MessageService;

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(AcpSendSelectionCommands.SEND_SELECTION, { execute: () => this.pickAndSend() });
        for (const agent of BUILT_IN_ACP_AGENTS) {
            registry.registerCommand(AcpSendSelectionCommands.sendTo(agent.id), {
                execute: () => this.send(agent.id),
                isVisible: () => this.registry.definitions().some(definition => definition.id === agent.id)
            });
        }
    }

    registerMenus(menus: MenuModelRegistry): void {
        BUILT_IN_ACP_AGENTS.forEach((agent, index) => {
            const command = AcpSendSelectionCommands.sendTo(agent.id);
            menus.registerMenuAction(EDITOR_MENU, { commandId: command.id, label: command.label, order: String(10 + index) });
        });
    }

    protected async pickAndSend(): Promise<void> {
        const agents = this.registry.definitions();
        const picked = agents.length === 1 ? { id: agents[0].id } : await this.quickInput.showQuickPick(
            agents.map(agent => ({ label: `@${agent.id}`, description: agent.displayName, id: agent.id })),
            { placeholder: 'Which chat agent gets the selection?' });
        if (picked) {
            await this.send(picked.id);
        }
    }

    async send(agentId: string): Promise<void> {
        const reference = this.selectionReference();
        if (!reference) {
            this.messages.info('Nothing to send: select code in an editor.');
            return;
        }
        const view = await this.chatView.openView({ activate: true });
        const input = view.inputWidget.editor?.getControl();
        if (!input) {
            return;
        }
        const text = `@${agentId} ${reference} `;
        input.setValue(text);
        input.setPosition({ lineNumber: 1, column: text.length + 1 });
        input.focus();
    }

    /** `#file:<workspace path>` and, for a selection, ` lines a-b` (1-based, as the agent reads a file). */
    protected selectionReference(): string | undefined {
        const editor = this.editors.currentEditor?.editor;
        if (!editor || editor.uri.scheme !== 'file') {
            return undefined;
        }
        const root = this.workspace.tryGetRoots().find(candidate => candidate.resource.isEqualOrParent(editor.uri));
        const path = root?.resource.relative(editor.uri)?.toString() ?? editor.uri.path.fsPath();
        const { start, end } = editor.selection;
        if (start.line === end.line && start.character === end.character) {
            return `#file:${path}`;
        }
        const { first, last } = selectedLines({ startLine: start.line, endLine: end.line, endCharacter: end.character });
        return `#file:${path} lines ${first}-${last}`;
    }
}
