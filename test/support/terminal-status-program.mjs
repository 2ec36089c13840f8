// A terminal program that speaks the agent-status protocol (OSC 7501, OSC 21337) as a CLI would, for the
// terminal-status e2e spec: it asks whether the terminal answers, says so, then writes a sequence for
// each word typed (a line), including hostile ones
// and seeded random ones (`fuzz <seed> <n>`). Run in a Theia terminal: `node terminal-status-program.mjs`.
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { statusFuzz } from './hostile-status-sequences.mjs';

const ESC = '\x1b';
const BEL = '\x07';
const osc = (payload, st = BEL) => `${ESC}]${payload}${st}`;
const b64 = text => Buffer.from(text, 'utf8').toString('base64');
const status = fields => osc(`7501;${fields}`);
const APP = process.env.STATUS_APP ?? 'claude-code';
/** A right-to-left override, an isolate and a line break in a "permission" text: a spoofing attempt. */
export const SPOOF_MSG = `approve Write: \u202etxt.exe\u202c\u2066 ok\u2069\nrm -rf ~${'\x1b[2J'}`;
export const MARKDOWN_MSG = '[Open](command:workbench.action.terminal.new) **now** <b>x</b>';
export const SPOOF_SHOWN = 'approve Write: txt.exe ok rm -rf ~ [2J';

/** Waits up to 2 s for the terminal's reply to the query, as claude does. */
function probe() {
    return new Promise(resolve => {
        let reply = '';
        process.stdin.setRawMode(true);
        const done = () => {
            process.stdin.off('data', onData);
            process.stdin.setRawMode(false);
            clearTimeout(timer);
            resolve(reply);
        };
        const onData = chunk => {
            reply += chunk.toString('latin1');
            if (/\x1b\]7501;\?[^\x07\x1b]*(\x07|\x1b\\)/.test(reply)) {
                done();
            }
        };
        const timer = setTimeout(done, 2000);
        process.stdin.on('data', onData);
        process.stdout.write(osc('7501;?'));
    });
}

const WORDS = {
    idle: () => status(`state=idle:app=${APP}`),
    working: () => status(`state=working:app=${APP}:progress=40`),
    blocked: () => status(`state=blocked:app=${APP}:kind=permission:msg=${b64('approve Write: hello.txt')}`),
    done: () => status(`state=done:app=${APP}`),
    error: () => status(`state=error:app=${APP}:msg=${b64('API error 500')}`),
    clear: () => status('state=clear'),
    tab: () => osc('21337;indicator=#ff0000;status=Build\\;ing'),
    // Markdown in a permission text: a notification must not turn it into a link that runs a command.
    link: () => status(`state=blocked:app=${APP}:kind=permission:msg=${b64(MARKDOWN_MSG)}`),
    // Twenty queries in one write: a terminal should not answer each (every answer is input to the program).
    queries: () => osc('7501;?').repeat(20),
    // Huge, malformed and flooding sequences, then a last spoofing status: what must win is the last well-formed one.
    hostile: () => [
        status(`state=working:app=${APP}:msg=${'A'.repeat(2_000_000)}`),
        status(`state=blocked:app=${APP}:title=${b64('t'.repeat(5000))}:msg=${b64('m'.repeat(20_000))}`),
        ...['state=', 'state=working:app=<img src=x>', 'state=working:msg=!!!!', 'garbage', 'state=done:state=error', `state=blocked:app=${'x'.repeat(200)}`]
            .map(fields => status(fields)),
        osc(`21337;status=${'\u202e'.repeat(100_000)}`),
        ...Array.from({ length: 30_000 }, (_, i) => status(`state=${['working', 'done', 'error'][i % 3]}:app=${APP}:progress=${i % 101}`)),
        status(`state=blocked:app=${APP}:kind=permission:title=${b64('x'.repeat(400))}:msg=${b64(SPOOF_MSG + ' '.repeat(10) + 'y'.repeat(3000))}`)
    ].join(''),
    // `fuzz <seed> <n>`: n random hostile chunks, then CAN and BEL end whatever sequence they left open, and a
    // well-formed status the terminal must still show, and a line break (the fuzz's text may have left the line anywhere).
    fuzz: (seed = '1', count = '200') => `${statusFuzz(Number(seed), Number(count)).join('')}\x18\x07${status(`state=working:app=${APP}:progress=7`)}\n`
};

// Imported by the specs for its constants; run as a program, it speaks.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const reply = await probe();
    process.stdout.write(`status-probe: ${reply ? `answered ${JSON.stringify(reply)}` : 'no reply'}\n`);
    const lines = readline.createInterface({ input: process.stdin });
    lines.on('line', line => {
        const [word, ...args] = line.trim().split(/\s+/);
        if (word === 'exit') {
            process.exit(0);
        }
        if (WORDS[word]) {
            // The time of the write, on the clock the page shares (for bench/terminal-status-latency.mjs).
            const at = (performance.timeOrigin + performance.now()).toFixed(2);
            process.stdout.write(`${WORDS[word](...args)}wrote ${word} @${at}\n`);
        }
    });
}
