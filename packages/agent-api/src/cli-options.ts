import type { AgentApiOptions } from './agent-api';
import { DEFAULT_PORT } from './agent-api';

export const HELP = `Usage: ai-cli-agent-api serve --workspace DIR [options]

Serves the Agent API (chat, tool confirmations, workspace files) for a GUI, driving the real
Gemini CLI or Qwen Code over ACP. Loopback only; every request needs the bearer token.

Options:
  --workspace DIR          A directory the API and the agent may work in; repeat for more.
                           The first one is the default for /chat and relative paths. Required.
  --agent gemini|qwen      Which CLI to drive (default: gemini).
  --agent-command PATH     The CLI executable (default: "gemini" or "qwen" found on PATH).
  --port N                 Port to listen on (default: ${DEFAULT_PORT}; 0 picks a free one).
  --host H                 Address to bind (default: 127.0.0.1). Anything else exposes the API
                           beyond this machine; the token is still required.
  --token-file PATH        Where to write the bearer token, mode 0600 (default:
                           ~/.config/ai-cli-agent-api/token-<port>). Set AGENT_API_TOKEN to
                           choose the token instead of a fresh random one per start.
  --allow-origin ORIGIN    A browser origin (e.g. http://localhost:5173) allowed to call the API
                           with CORS; repeat for more. Default: none, every Origin gets 403.
  --enable-execute-command Allow POST /execute-command (runs inside a workspace, with a timeout
                           and an output cap, no shell unless {"shell": true}; audited in the log).
  --help                   Show this help.

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
    let agent: 'gemini' | 'qwen' = 'gemini';
    let agentCommand: string | undefined;
    let port = DEFAULT_PORT;
    let host: string | undefined;
    let tokenFile: string | undefined;
    let enableExecuteCommand = false;
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
            case '--agent': {
                const name = value();
                if (name !== 'gemini' && name !== 'qwen') {
                    throw new UsageError(`--agent must be gemini or qwen, not "${name}".`);
                }
                agent = name;
                break;
            }
            case '--agent-command': agentCommand = value(); break;
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
                if (!/^https?:\/\/[^/\s]+\/?$/.test(origin)) {
                    throw new UsageError(`--allow-origin takes an origin such as http://localhost:5173, not "${origin}".`);
                }
                allowedOrigins.push(origin);
                break;
            }
            case '--enable-execute-command': enableExecuteCommand = true; break;
            default: throw new UsageError(`Unknown option ${flag}. See --help.`);
        }
    }
    if (workspaces.length === 0) {
        throw new UsageError('--workspace DIR is required.');
    }
    const token = env.AGENT_API_TOKEN;
    if (token !== undefined && token.length < 16) {
        throw new UsageError('AGENT_API_TOKEN must be at least 16 characters long.');
    }
    return {
        help: false,
        options: { workspaces, agent, agentCommand, port, host, tokenFile, token, allowedOrigins, enableExecuteCommand }
    };
}
