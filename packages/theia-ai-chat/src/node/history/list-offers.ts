import { injectable } from '@theia/core/shared/inversify';

/**
 * Which of the user's agents offer `session/list`, as their `initialize` said in this backend: an agent
 * known to lack it is not started again to list sessions. Keyed by what runs (id, command, arguments),
 * so an agent the user points at another program is asked afresh.
 */
@injectable()
export class AcpAgentListOffers {
    private readonly offers = new Map<string, boolean>();

    get(agent: AgentRun): boolean | undefined {
        return this.offers.get(key(agent));
    }

    set(agent: AgentRun, offered: boolean): void {
        this.offers.set(key(agent), offered);
    }
}

interface AgentRun { readonly id: string; readonly command: string; readonly args: readonly string[] }

function key(agent: AgentRun): string {
    return JSON.stringify([agent.id, agent.command, agent.args]);
}
