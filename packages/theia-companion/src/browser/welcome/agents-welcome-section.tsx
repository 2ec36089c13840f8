import * as React from '@theia/core/shared/react';
import type { CliOverview } from './agents-overview';

export interface WelcomeAction {
    readonly label: string;
    readonly run: () => void;
}

/** One of the chat's agents as `aiCliChat.welcomeAgents` answers (the chat's own type; the companion may not import it). */
export interface ChatAgentReadiness {
    readonly name: string;
    readonly ready: 'signed-in' | 'needs-sign-in' | 'not-started' | 'not-installed';
}

const READINESS_TEXT: Record<ChatAgentReadiness['ready'], string> = {
    'signed-in': 'signed in', 'needs-sign-in': 'needs sign-in', 'not-started': 'not started yet', 'not-installed': 'not installed'
};

export interface AgentsWelcomeSectionProps {
    /** Undefined while the backend is asked. */
    readonly clis: readonly CliOverview[] | undefined;
    readonly actions: readonly WelcomeAction[];
    readonly runCli: (cli: CliOverview) => void;
    /** The chat's agents; empty without the chat. */
    readonly chatAgents?: readonly ChatAgentReadiness[];
}

/**
 * The welcome page's "AI coding agents" section (issue 33 part 7): the terminal CLIs, whether each is installed and
 * connected, with a one-click Run; the chat's actions (Open AI Chat, Add Agent from ACP Registry…) and its agents with
 * whether each is signed in (what this window's chat has seen).
 */
export function AgentsWelcomeSection({ clis, actions, runCli, chatAgents = [] }: AgentsWelcomeSectionProps): React.ReactElement {
    return (
        <div className='gs-section ai-cli-welcome'>
            <h3 className='gs-section-header'><i className='codicon codicon-terminal'></i>AI coding agents</h3>
            {actions.map(action => <div key={action.label} className='gs-action-container'>
                <a role='button' tabIndex={0} onClick={action.run} onKeyDown={event => event.key === 'Enter' && action.run()}>{action.label}</a>
            </div>)}
            {chatAgents.map(agent => <div key={agent.name} className='gs-action-container ai-cli-welcome-chat-agent' data-ready={agent.ready}>
                <span>{agent.name} in the AI Chat</span>
                <span className='ai-cli-welcome-state'> · {READINESS_TEXT[agent.ready] ?? agent.ready}</span>
            </div>)}
            {clis === undefined
                ? <div className='gs-action-container ai-cli-welcome-pending'>Looking for the terminal CLIs…</div>
                : clis.map(cli => <div key={cli.profile.id} className='gs-action-container ai-cli-welcome-cli' data-cli={cli.profile.id}>
                    <a role='button' tabIndex={0} title={cli.installedAt ?? `Not found on the terminals' PATH: running it offers to install ${cli.profile.npmPackage ?? 'it'}`}
                        onClick={() => runCli(cli)} onKeyDown={event => event.key === 'Enter' && runCli(cli)}>Run {cli.profile.displayName} in Terminal</a>
                    <span className='ai-cli-welcome-state'>
                        {cli.connected > 0 ? ` · connected${cli.connected > 1 ? ` (${cli.connected})` : ''}` : cli.installedAt ? ' · installed' : ' · not installed'}
                    </span>
                </div>)}
        </div>
    );
}
