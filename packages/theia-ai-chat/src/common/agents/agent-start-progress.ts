/** What the chat shows while an agent's process starts: the line, and the last line the agent printed meanwhile. */
export interface AcpAgentStartProgress {
    readonly message: string;
    /** The last line the start printed on stderr (npm's or uv's output while it fetches the package), scrubbed. */
    readonly output?: string;
}

interface StartedAgent {
    readonly displayName: string;
    readonly command: string;
    readonly args: readonly string[];
}

/**
 * "Starting Gemini CLI…", and for an agent that a package runner fetches on first use (the registry's
 * npx and uvx agents) which runner fetches which package, so a first start that takes a minute says why.
 */
export function agentStartMessage(agent: StartedAgent): string {
    const fetched = fetchedPackage(agent);
    return fetched
        ? `Starting ${agent.displayName}: ${fetched.runner} fetches ${fetched.packageName} on first use…`
        : `Starting ${agent.displayName}…`;
}

/** The progress as one line: the message, then what the start printed last. */
export function agentStartLine(progress: AcpAgentStartProgress): string {
    return progress.output ? `${progress.message} ${progress.output}` : progress.message;
}

/** `npx [-y|--yes|--package=…] <package> …`, `uvx [options] <package> …`, `uv tool run <package> …`. */
function fetchedPackage(agent: StartedAgent): { runner: string; packageName: string } | undefined {
    const program = agent.command.split(/[\\/]/).pop()!.replace(/\.(cmd|exe)$/i, '');
    const firstOperand = (args: readonly string[]) => args.find(arg => !arg.startsWith('-'));
    if (program === 'npx') {
        const packageName = firstOperand(agent.args);
        return packageName ? { runner: 'npm', packageName } : undefined;
    }
    if (program === 'uvx') {
        const packageName = firstOperand(agent.args);
        return packageName ? { runner: 'uv', packageName } : undefined;
    }
    if (program === 'uv' && agent.args[0] === 'tool' && agent.args[1] === 'run') {
        const packageName = firstOperand(agent.args.slice(2));
        return packageName ? { runner: 'uv', packageName } : undefined;
    }
    return undefined;
}
