import { inject, injectable } from '@theia/core/shared/inversify';
import { CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { TerminalService } from '@theia/terminal/lib/browser/base/terminal-service';
import { TerminalWatcher } from '@theia/terminal/lib/common/terminal-watcher';
import { AcpChatService } from '../../common/acp-chat-protocol';
import { AcpTerminalLogin } from '../../common/acp-auth-methods';
import { AcpChatAgentRegistry } from '../agents/agent-registry';
import { AUTHENTICATE_COMMAND, AcpRetry, SIGN_IN_IN_TERMINAL_COMMAND } from '../agents/failure-message';

/**
 * The sign-in buttons of an answer that says the agent needs a login (issue 23 part 6). A `terminal` method runs
 * the agent's own program with the method's arguments in a Theia terminal; when it exits with 0 the agent's
 * processes start afresh (ACP v1: reconnect after a terminal login) and the chat sends the failed prompt again.
 * An `agent` method is the agent's own `authenticate`, then the same retry.
 */
@injectable()
export class AcpSignInCommandContribution implements CommandContribution {
    @inject(AcpChatService) protected readonly backend: AcpChatService;
    @inject(AcpChatAgentRegistry) protected readonly registry: AcpChatAgentRegistry;
    @inject(TerminalService) protected readonly terminals: TerminalService;
    @inject(TerminalWatcher) protected readonly terminalWatcher: TerminalWatcher;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(MessageService) protected readonly messages: MessageService;

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand({ id: SIGN_IN_IN_TERMINAL_COMMAND }, {
            execute: (agentId: string, login: AcpTerminalLogin, retry?: AcpRetry) => this.signInInTerminal(agentId, login, retry)
        });
        registry.registerCommand({ id: AUTHENTICATE_COMMAND }, {
            execute: (agentId: string, methodId: string, retry?: AcpRetry) => this.authenticate(agentId, methodId, retry)
        });
    }

    /** Resolves with the login's exit code once it ends (undefined: the terminal was closed first). */
    async signInInTerminal(agentId: string, login: AcpTerminalLogin, retry?: AcpRetry): Promise<number | undefined> {
        const displayName = this.registry.displayName(agentId);
        // A string: Theia's widget manager keys the terminal by its options as JSON, which a URI object cannot be.
        const cwd = this.workspace.tryGetRoots()[0]?.resource.toString();
        const terminal = await this.terminals.newTerminal({
            title: `Sign in: ${displayName}`, shellPath: login.command, shellArgs: login.args, env: login.env, cwd, useServerTitle: false
        });
        let terminalId: number | undefined;
        const early = new Map<number, number | undefined>();
        let finish!: (code: number | undefined) => void;
        const exited = new Promise<number | undefined>(resolve => { finish = resolve; });
        // Subscribed before start(): a login that fails at once may exit before start() says its id.
        const onExit = this.terminalWatcher.onTerminalExit(event => {
            if (terminalId === undefined) {
                early.set(event.terminalId, event.code);
            } else if (event.terminalId === terminalId) {
                finish(event.code);
            }
        });
        const onClose = terminal.onTerminalDidClose(() => finish(terminal.exitStatus?.code));
        let code: number | undefined;
        try {
            // Opened first, as Theia's own New Terminal does: the process starts with the widget's size.
            await this.terminals.open(terminal, { mode: 'activate' });
            terminalId = await terminal.start();
            if (early.has(terminalId)) {
                finish(early.get(terminalId));
            }
            code = await exited;
        } finally {
            onExit.dispose();
            onClose.dispose();
        }
        if (code !== 0) {
            this.messages.warn(`The sign-in for ${displayName} ended ${code === undefined ? 'before it finished' : `with exit code ${code}`}; ` +
                'use the button again to retry.');
            return code;
        }
        await this.backend.signedIn(agentId);
        await this.retry(retry);
        return code;
    }

    async authenticate(agentId: string, methodId: string, retry?: AcpRetry): Promise<void> {
        const agent = this.registry.definitions().find(definition => definition.id === agentId);
        if (!agent) {
            this.messages.error(`@${agentId} is no chat agent of this window.`);
            return;
        }
        const roots = this.workspace.tryGetRoots().map(root => root.resource.path.fsPath());
        const failed = await this.backend.authenticate(agent, roots, methodId);
        if (failed) {
            this.messages.error(`${agent.displayName} could not sign in: ${failed.error.message}`);
            return;
        }
        await this.retry(retry);
    }

    /** The prompt that failed for want of a login, sent again to the same chat. */
    protected async retry(retry: AcpRetry | undefined): Promise<void> {
        if (retry && this.chatService.getSession(retry.chatSessionId)) {
            await this.chatService.sendRequest(retry.chatSessionId, { text: retry.text, ...retry.modeId ? { modeId: retry.modeId } : {} });
        }
    }
}
