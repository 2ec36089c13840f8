// Random, malformed and hostile terminal agent-status sequences (OSC 7501 program status, OSC 21337 tab
// status; issue 32 part 2), generated with fast-check from a seed so a failing run replays with the seed
// it printed: valid and invalid states, duplicate and unknown fields, bad base64, texts with controls,
// bidi overrides, escape sequences and lone surrogates, huge fields, BEL and ST terminators, sequences
// cut short or nested, and short floods. Used by terminal-status-program.mjs's "fuzz <seed> <n>".
import fc from 'fast-check';

const ESC = '\x1b';
const b64 = text => Buffer.from(text, 'utf8').toString('base64');
const HOSTILE_TEXTS = ['\u202etxt.exe\u202c', '\u2066rm -rf ~\u2069', '\x1b[2J\x1b[H', '\x07', '\x1b]0;owned\x07', '\n\r\t\0', '\u061c\u200e\u200f\ufeff',
    '<img src=x onerror=alert(1)>', '$(codicon)', '\ud800', '\u0085\u009b31m', 'ok'];

const text = fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 3, arbitrary: fc.array(fc.constantFrom(...HOSTILE_TEXTS), { minLength: 1, maxLength: 6 }).map(parts => parts.join('')) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 6000 }).map(n => 'w'.repeat(n)) }
);
const encoded = fc.oneof({ weight: 5, arbitrary: text.map(b64) }, { weight: 1, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom('!!!!', 'YQ', '====', '') });
const state = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('idle', 'working', 'blocked', 'done', 'error', 'clear') }, { weight: 1, arbitrary: text });
const app = fc.oneof({ weight: 5, arbitrary: fc.constantFrom('claude-code', 'copilot', 'crush', 'pi', 'some-tool') }, { weight: 1, arbitrary: text });
const field = fc.oneof(
    state.map(v => `state=${v}`), app.map(v => `app=${v}`), fc.constantFrom('permission', 'question', '', 'a:b').map(v => `kind=${v}`),
    fc.oneof(fc.integer({ min: -5, max: 120 }).map(String), text).map(v => `progress=${v}`), encoded.map(v => `title=${v}`),
    encoded.map(v => `msg=${v}`), fc.constantFrom('id=1', 'id=', 'id=a b', 'x=y', '=', 'state', '?')
);
const programStatus = fc.oneof(
    { weight: 6, arbitrary: fc.array(field, { minLength: 1, maxLength: 7 }).map(fields => `7501;${fields.join(':')}`) },
    { weight: 1, arbitrary: fc.constantFrom('7501;?', '7501;', '7501', '7501;state=working:state=done') }
);
const tabField = fc.oneof(
    fc.oneof(fc.constantFrom('#ff0000', '#FFF', 'red', ''), text).map(v => `indicator=${v}`), text.map(v => `status=${v}`),
    fc.constantFrom('#00ff00', 'url(x)', '').map(v => `status-color=${v}`), fc.constantFrom('status=a\\;b\\\\', 'x=1', '\\')
);
const tabStatus = fc.array(tabField, { minLength: 1, maxLength: 4 }).map(fields => `21337;${fields.join(';')}`);
const terminator = fc.constantFrom('\x07', `${ESC}\\`, '', `${ESC}`, '\x18', '\x9c');

/** One chunk a program might write: a sequence (possibly cut short), or a short flood of them. */
const chunk = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(fc.oneof(programStatus, tabStatus), terminator).map(([payload, end]) => `${ESC}]${payload}${end}`) },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 10, max: 300 }), fc.constantFrom('working', 'done', 'blocked'))
        .map(([n, s]) => `${ESC}]7501;state=${s}:app=claude-code\x07`.repeat(n)) }
);

/** `count` hostile chunks from `seed`, the same every time for the same seed. */
export function statusFuzz(seed, count) {
    return fc.sample(chunk, { seed, numRuns: count });
}
