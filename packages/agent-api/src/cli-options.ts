import { isValidOrigin } from '@ai-cli-companion/node-base';
import { AGENT_API_AGENTS, AgentApiAgentId } from '@ai-cli-companion/node-base/agents';
import type { AgentApiOptions } from './agent-api';
import { DEFAULT_PORT, isLoopbackHost } from './agent-api';
import { ConfiguredAgentLaunch, DEFAULT_AGENT_IDLE_TIMEOUT_MS, DEFAULT_MAX_AGENTS, parseConfiguredAgents } from '@ai-cli-companion/acp-client';
import { MAX_FILE_PATHS } from './http/chat-route';

export const HELP = `Usage: ai-cli-agent-api serve --workspace DIR [options]

Serves the Agent API (chat, tool confirmations, workspace files) for a GUI, driving the real
Gemini CLI, Qwen Code or Copilot CLI over ACP. Loopback only; every request needs the bearer token.

Options:
  --workspace DIR          A directory the API and the agent may work in; repeat for more.
                           The first one is the default for /chat and relative paths. Required.
  --agent NAME             Which agent to drive: ${AGENT_API_AGENTS.join(', ')} (default: ${AGENT_API_AGENTS[0]}), or any ACP
                           agent of your own, named here and given with --agent-command. Copilot CLI
                           needs \`copilot login\` or your own provider (COPILOT_PROVIDER_BASE_URL, COPILOT_MODEL).
  --agent-command PATH     The agent's executable (default: ${AGENT_API_AGENTS.map(id => `"${id}"`).join(' or ')} found on PATH).
                           Resolved once, at start, on PATH.
  --agent-arg ARG          An argument of your own agent's command (repeat for more; e.g. --agent-arg=--acp).
  --agent-key-env VAR      The variable your own agent reads its API key from (for POST /auth/config).
  --port N                 Port to listen on (default: ${DEFAULT_PORT}; 0 picks a free one).
  --host H                 Address to bind (default: 127.0.0.1). Any non-loopback address (e.g.
                           0.0.0.0) serves plain HTTP to the network: the token can be sniffed
                           there. The server prints a warning, and refuses
                           --enable-execute-command on such an address.
  --token-file PATH        Where to write the bearer token, mode 0600 (default:
                           ~/.config/ai-cli-agent-api/token-<port>). Set AGENT_API_TOKEN to
                           choose the token instead of a fresh random one per start.
  --allow-origin ORIGIN    A browser origin (e.g. http://localhost:5173) allowed to call the API
                           with CORS; repeat for more. Default: none, every Origin gets 403.
  --enable-execute-command Allow POST /execute-command (runs inside a workspace, with a timeout
                           and an output cap, no shell unless {"shell": true}; audited in the log;
                           the command gets this server's environment without the API token,
                           model keys or *_KEY/*_TOKEN/*_SECRET/*_PASSWORD variables).
  --dangerously-allow-remote-execute-command
                           DANGEROUS: allow --enable-execute-command with a non-loopback --host,
                           i.e. let anyone on the network who sniffs the token run commands.
  --max-agents N           Agent processes alive at once, one per workspace root (default:
                           ${DEFAULT_MAX_AGENTS}); when full, the least recently used idle one is stopped
                           (503 if all are in a turn).
  --agent-idle-timeout S   Stop an agent after S seconds without a turn (default: ${DEFAULT_AGENT_IDLE_TIMEOUT_MS / 1000});
                           the next chat starts it again.
  --keys-in-file           Where no OS keychain answers (a headless box, a container), keep the
                           keys set through /auth/config in the 0600 file
                           ~/.config/ai-cli-agent-api/credentials.json. Without it and without a
                           keychain, /auth/config refuses to store a key (503) and says so.
  --help                   Show this help.

Limits: a request body of at most 10 MB, /read-file files of at most 5 MB (regular files
only: FIFOs, devices and links are refused), at most ${MAX_FILE_PATHS} "filePaths" per chat message.

On start it prints "listening on http://127.0.0.1:<port>" and "token file: <path>" to stdout.
Send the token as "Authorization: Bearer <token>".`;

export type ParsedCommand = { help: true } | { help: false; options: AgentApiOptions };

export class UsageError extends Error { }

/** Parses `serve …` (the only command) into start options; throws UsageError with a readable message. */
export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ParsedCommand {
    if (argv.includes('--help') || argv.includes('-h') || argv.length === 0) {
        return { help: true };
    }
    const [command, ...rest] = argv;
    if (command !== 'serve') {
        throw new UsageError(`Unknown command "${command}": the command is "serve".`);
    }
    const workspaces: string[] = [];
    const allowedOrigins: string[] = [];
    let agentName: string = AGENT_API_AGENTS[0];
    let agentCommand: string | undefined;
    const agentArgs: string[] = [];
    let agentKeyEnv: string | undefined;
    let port = DEFAULT_PORT;
    let host: string | undefined;
    let tokenFile: string | undefined;
    let enableExecuteCommand = false;
    let allowRemoteExecuteCommand = false;
    let credentialFileAllowed = false;
    let maxAgents: number | undefined;
    let agentIdleTimeoutMs: number | undefined;
    const positive = (flag: string, text: string): number => {
        if (!/^[1-9]\d{0,6}$/.test(text)) {
            throw new UsageError(`${flag} must be a whole number of at least 1, not "${text}".`);
        }
        return Number(text);
    };
    for (let i = 0; i < rest.length; i++) {
        const arg = rest[i];
        const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
        const value = (): string => {
            const next = inline ?? rest[++i];
            if (next === undefined || (inline === undefined && next.startsWith('--'))) {
                throw new UsageError(`${flag} needs a value.`);
            }
            return next;
        };
        switch (flag) {
            case '--workspace': workspaces.push(value()); break;
            case '--agent': agentName = value(); break;
            case '--agent-command': agentCommand = value(); break;
            case '--agent-arg': { // its value may start with -- (e.g. --acp)
                const next = inline ?? rest[++i];
                if (next === undefined) {
                    throw new UsageError('--agent-arg needs a value.');
                }
                agentArgs.push(next);
                break;
            }
            case '--agent-key-env': agentKeyEnv = value(); break;
            case '--port': {
                const text = value();
                port = Number(text);
                if (!/^\d+$/.test(text) || port > 65535) {
                    throw new UsageError(`--port must be a number from 0 to 65535, not "${text}".`);
                }
                break;
            }
            case '--host': host = value(); break;
            case '--token-file': tokenFile = value(); break;
            case '--allow-origin': {
                const origin = value();
                if (!isValidOrigin(origin)) {
                    throw new UsageError(`--allow-origin takes an origin such as http://localhost:5173, not "${origin}".`);
                }
                allowedOrigins.push(origin);
                break;
            }
            case '--enable-execute-command': enableExecuteCommand = true; break;
            case '--dangerously-allow-remote-execute-command': allowRemoteExecuteCommand = true; break;
            case '--keys-in-file': credentialFileAllowed = true; break;
            case '--max-agents': maxAgents = positive(flag, value()); break;
            case '--agent-idle-timeout': agentIdleTimeoutMs = positive(flag, value()) * 1000; break;
            default: throw new UsageError(`Unknown option ${flag}. See --help.`);
        }
    }
    if (workspaces.length === 0) {
        throw new UsageError('--workspace DIR is required.');
    }
    if (enableExecuteCommand && host !== undefined && !isLoopbackHost(host) && !allowRemoteExecuteCommand) {
        throw new UsageError(`--enable-execute-command is refused with --host ${host}: that address is reachable from the network, ` +
            'where the token travels in plain HTTP and can be sniffed. Bind 127.0.0.1, or add ' +
            '--dangerously-allow-remote-execute-command if you really mean it.');
    }
    const token = env.AGENT_API_TOKEN;
    if (token !== undefined && token.length < 16) {
        throw new UsageError('AGENT_API_TOKEN must be at least 16 characters long.');
    }
    const builtIn = (AGENT_API_AGENTS as readonly string[]).includes(agentName);
    if (!builtIn && !agentCommand) {
        throw new UsageError(`--agent must be ${AGENT_API_AGENTS.join(', ')}, or the name of an ACP agent of your own given with --agent-command, not "${agentName}".`);
    }
    if (builtIn && (agentArgs.length > 0 || agentKeyEnv)) {
        throw new UsageError('--agent-arg and --agent-key-env are for an agent of your own (--agent NAME --agent-command PATH).');
    }
    let customAgent: ConfiguredAgentLaunch | undefined;
    if (!builtIn) {
        const { agents, problems } = parseConfiguredAgents([{ name: agentName, command: agentCommand, args: agentArgs, ...agentKeyEnv ? { apiKeyEnv: agentKeyEnv } : {} }], []);
        if (problems.length > 0) {
            throw new UsageError(problems[0].replace(/^aiCliChat\.agents\[0\]( \([^)]*\))?: /, '--agent: '));
        }
        customAgent = agents[0];
    }
    return {
        help: false,
        options: {
            workspaces, ...customAgent ? { customAgent } : { agent: agentName as AgentApiAgentId, agentCommand }, port, host, tokenFile, token,
            allowedOrigins, enableExecuteCommand, allowRemoteExecuteCommand, maxAgents, agentIdleTimeoutMs, credentialFileAllowed
        }
    };
}
