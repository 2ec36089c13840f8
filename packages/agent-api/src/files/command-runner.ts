import { spawn } from 'child_process';
import { killTree } from '@ai-cli-companion/acp-client';

export interface CommandResult {
    exitCode: number;
    stdout: string;
    stderr: string;
    timedOut: boolean;
    truncated: boolean;
}

export interface RunOptions {
    readonly cwd: string;
    readonly shell: boolean;
    readonly timeoutMs: number;
    readonly maxOutputBytes: number;
    readonly env?: NodeJS.ProcessEnv;
}

/**
 * Splits a command line into words the way a POSIX shell would for plain words and quotes, without
 * expanding anything: no variables, globs, pipes or redirections reach a shell unless asked.
 */
export function splitCommandLine(line: string): string[] {
    const words: string[] = [];
    let current = '';
    let inWord = false;
    let quote: '"' | "'" | undefined;
    for (let i = 0; i < line.length; i++) {
        const char = line[i];
        if (quote) {
            if (char === quote) {
                quote = undefined;
            } else if (char === '\\' && quote === '"' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) {
                current += line[++i];
            } else {
                current += char;
            }
        } else if (char === '"' || char === "'") {
            quote = char;
            inWord = true;
        } else if (char === '\\' && i + 1 < line.length) {
            current += line[++i];
            inWord = true;
        } else if (/\s/.test(char)) {
            if (inWord) {
                words.push(current);
                current = '';
                inWord = false;
            }
        } else {
            current += char;
            inWord = true;
        }
    }
    if (quote) {
        throw new Error(`Unterminated ${quote} quote in the command.`);
    }
    if (inWord) {
        words.push(current);
    }
    return words;
}

/** Runs a command with a timeout (the whole process tree is killed) and a cap on captured output. */
export function runCommand(command: string, options: RunOptions): Promise<CommandResult> {
    const argv = options.shell ? ['/bin/sh', '-c', command] : splitCommandLine(command);
    if (argv.length === 0) {
        return Promise.reject(new Error('The command is empty.'));
    }
    return new Promise((resolve, reject) => {
        const child = spawn(argv[0], argv.slice(1), {
            cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true
        });
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        let captured = 0;
        let truncated = false;
        let timedOut = false;
        const collect = (into: Buffer[]) => (chunk: Buffer) => {
            const room = options.maxOutputBytes - captured;
            if (room <= 0) {
                truncated = true;
                return;
            }
            const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
            truncated ||= part.length < chunk.length;
            captured += part.length;
            into.push(part);
        };
        child.stdout.on('data', collect(out));
        child.stderr.on('data', collect(err));
        const timer = setTimeout(() => {
            timedOut = true;
            if (child.pid !== undefined) {
                killTree(child.pid);
            }
        }, options.timeoutMs);
        child.once('error', error => {
            clearTimeout(timer);
            reject(error);
        });
        child.once('close', (code, signal) => {
            clearTimeout(timer);
            resolve({
                exitCode: code ?? (signal ? 128 + (signalNumber(signal) ?? 0) : -1),
                stdout: Buffer.concat(out).toString('utf8'),
                stderr: Buffer.concat(err).toString('utf8'),
                timedOut, truncated
            });
        });
    });
}

function signalNumber(signal: NodeJS.Signals): number | undefined {
    return ({ SIGKILL: 9, SIGTERM: 15, SIGINT: 2, SIGHUP: 1 } as Record<string, number>)[signal];
}
