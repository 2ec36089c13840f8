import type { WorkspaceAgent } from '@ai-cli-companion/acp-client';
import { AcpAgentStartProgress, agentStartMessage } from '../../common/agents/agent-start-progress';

/** Lines of start output sent to a window per start; a start that prints more keeps its last one shown. */
const MAX_OUTPUT_REPORTS = 50;

/**
 * While `host` has no running agent (a `prepare` is about to start one, or one is starting for another
 * chat), `report` hears the start line, then each new last line the start prints (npm's while npx fetches
 * the agent). The line names the program the user's settings launch (`host.profile`), never the window's
 * word. Returns the stop, for when `prepare` is done; nothing is reported for an agent already running.
 */
export function reportAgentStart(host: WorkspaceAgent, report: (progress: AcpAgentStartProgress) => void): () => void {
    if (host.current && !host.isStarting) {
        return () => undefined;
    }
    const message = agentStartMessage(host.profile);
    report({ message });
    let reports = 0;
    return host.onStartOutput(output => {
        if (reports++ < MAX_OUTPUT_REPORTS) {
            report({ message, output });
        }
    });
}
