// Finding the processes a test started (agents, their tools) by what they run, read from /proc.
import fs from 'node:fs';
import { descendants } from './agent-api-process.mjs';

/** The command line of `pid` with its arguments space-separated; throws once the process is gone. */
function commandLine(pid) {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
}

/** The descendants of `pid` (e.g. the agent processes a backend runs) whose command line matches `pattern`. */
export function descendantsRunning(pid, pattern) {
    return descendants(pid).filter(child => {
        try {
            return pattern.test(commandLine(child));
        } catch {
            return false; // gone meanwhile
        }
    });
}

/** Live processes anywhere (zombies waiting to be reaped count as gone) whose command line matches `pattern`. */
export function processesMatching(pattern) {
    return fs.readdirSync('/proc').filter(entry => /^\d+$/.test(entry)).filter(pid => {
        try {
            const state = /\) (\S)/.exec(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];
            return state !== 'Z' && pattern.test(commandLine(pid));
        } catch {
            return false; // gone meanwhile
        }
    }).map(Number);
}
