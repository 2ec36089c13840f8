import { inject, injectable } from '@theia/core/shared/inversify';
import { CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { TerminalService } from '@theia/terminal/lib/browser/base/terminal-service';
import { TerminalWatcher } from '@theia/terminal/lib/common/terminal-watcher';
import { AcpChatService } from '../../common/acp-chat-protocol';
import { AcpChatAgentDefinition } from '../../common/agents/acp-chat-agents';
import { AcpAgentDirectory } from '../session/agent-directory';
import { AUTHENTICATE_COMMAND, AcpRetry, SIGN_IN_IN_TERMINAL_COMMAND } from '../../common/chat-follow-up-commands';
import { AcpSignInOffer, AcpSignInOffers } from './sign-in-offers';

/** What a sign-in id this window did not make gets: a link, a restored chat, a button from before a reload. */
export const SIGN_IN_GONE = 'This sign-in is no longer available (the window was reloaded, or it did not come from a sign-in button of this window). ' +
    'Send the prompt again to get a fresh sign-in button.';

/**
 * The sign-in buttons of an answer that says the agent needs a login (issue 23 part 6). A `terminal` method runs
 * the agent's own program with the method's arguments in a Theia terminal; when it exits with 0 the agent's
 * processes start afresh (ACP v1: reconnect after a terminal login) and the chat sends the failed prompt again.
 * An `agent` method is the agent's own `authenticate`, then the same retry.
 *
 * Both take only the id of a button this window made (sign-in-offers.ts): a `command:` link or a restored chat runs
 * nothing. What the terminal runs comes from the backend when clicked: the user's program as an absolute path,
 * started directly (a shell never reads the method's arguments), in a transient terminal that a reload does not
 * start again (Theia re-creates the process of a restored terminal whose process has ended).
 */
@injectable()
export class AcpSignInCommandContribution implements CommandContribution {
    @inject(AcpChatService) protected readonly backend: AcpChatService;
    @inject(AcpAgentDirectory) protected readonly registry: AcpAgentDirectory;
    @inject(TerminalService) protected readonly terminals: TerminalService;
    @inject(TerminalWatcher) protected readonly terminalWatcher: TerminalWatcher;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(AcpSignInOffers) protected readonly offers: AcpSignInOffers;

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand({ id: SIGN_IN_IN_TERMINAL_COMMAND }, {
            execute: (signInId: unknown) => this.signInInTerminal(signInId)
        });
        registry.registerCommand({ id: AUTHENTICATE_COMMAND }, {
            execute: (signInId: unknown) => this.authenticate(signInId)
        });
    }

    /** Resolves with the login's exit code once it ends (undefined: the terminal was closed first, or it never started). */
    async signInInTerminal(signInId: unknown): Promise<number | undefined> {
        const signIn = this.offered(signInId);
        const agent = signIn && this.agent(signIn.agentId);
        if (!signIn || !agent) {
            return undefined;
        }
        const { agentId, retry } = signIn;
        const displayName = agent.displayName;
        const login = await this.backend.terminalLogin(agent, this.roots(), signIn.methodId);
        if ('problem' in login) {
            this.messages.error(`${displayName} cannot sign in in a terminal: ${login.problem}`);
            return undefined;
        }
        // A string: Theia's widget manager keys the terminal by its options as JSON, which a URI object cannot be.
        const cwd = this.workspace.tryGetRoots()[0]?.resource.toString();
        const terminal = await this.terminals.newTerminal({
            title: `Sign in: ${displayName}`, shellPath: login.command, shellArgs: login.args, env: login.env, cwd, useServerTitle: false,
            isTransient: true
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
            // Theia closes a terminal whose process ended once its output connection closes; a login that ends
            // before that connection opens (a method that fails at once) would leave it open and empty.
            if (!terminal.isDisposed) {
                terminal.dispose();
            }
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

    async authenticate(signInId: unknown): Promise<void> {
        const signIn = this.offered(signInId);
        const agent = signIn && this.agent(signIn.agentId);
        if (!signIn || !agent) {
            return;
        }
        const failed = await this.backend.authenticate(agent, this.roots(), signIn.methodId);
        if (failed) {
            this.messages.error(`${agent.displayName} could not sign in: ${failed.error.message}`);
            return;
        }
        await this.retry(signIn.retry);
    }

    protected offered(signInId: unknown): AcpSignInOffer | undefined {
        const signIn = this.offers.get(signInId);
        if (!signIn) {
            this.messages.warn(SIGN_IN_GONE);
        }
        return signIn;
    }

    protected agent(agentId: string): AcpChatAgentDefinition | undefined {
        const agent = this.registry.definitions().find(definition => definition.id === agentId);
        if (!agent) {
            this.messages.error(`@${agentId} is no chat agent of this window.`);
        }
        return agent;
    }

    protected roots(): string[] {
        return this.workspace.tryGetRoots().map(root => root.resource.path.fsPath());
    }

    /** The prompt that failed for want of a login, sent again to the same chat. */
    protected async retry(retry: AcpRetry | undefined): Promise<void> {
        if (retry && this.chatService.getSession(retry.chatSessionId)) {
            await this.chatService.sendRequest(retry.chatSessionId, { text: retry.text, ...retry.modeId ? { modeId: retry.modeId } : {} });
        }
    }
}
