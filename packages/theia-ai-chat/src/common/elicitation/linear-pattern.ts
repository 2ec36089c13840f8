/**
 * An elicitation field's `pattern` checked in time linear in the value (issue 29 part 7): JavaScript's own
 * backtracking matcher took seconds for `^(a|a)+$` against 29 `a`s and `!`, doubling per character, in the
 * window and in the backend alike. Without backreferences and lookarounds a pattern is a regular language, so
 * whether it matches anywhere in the value is decided by running all of its alternatives side by side (a Pike
 * VM): at most (value length × program size) steps. Each single-character atom (a literal, `.`, `\d`, a class,
 * `\p{…}`) is still JavaScript's own, tested against one code point, so its meaning is exactly the `u` flag's.
 * Patterns with backreferences or lookarounds are refused: nothing bounds them.
 */

/** Instructions of a pattern's program; a pattern that needs more is refused (`a{500}{500}`). */
export const MAX_PATTERN_PROGRAM = 1_000;

type Assertion = 'start' | 'end' | 'word' | 'notWord';
type Node =
    | { readonly t: 'atom'; readonly source: string }
    | { readonly t: 'assert'; readonly what: Assertion }
    | { readonly t: 'seq'; readonly items: Node[] }
    | { readonly t: 'alt'; readonly items: Node[] }
    | { readonly t: 'rep'; readonly node: Node; readonly min: number; readonly max: number };

type Instruction =
    | { readonly op: 'atom'; readonly test: (char: string) => boolean }
    | { readonly op: 'assert'; readonly what: Assertion }
    | { readonly op: 'split'; readonly to: number[] }
    | { readonly op: 'jump'; readonly to: number }
    | { readonly op: 'match' };

export type LinearPattern = (value: string) => boolean;

/** A linear-time test for `pattern` (as `new RegExp(pattern, 'u').test`), or why Theia does not check it. */
export function linearPattern(pattern: string): LinearPattern | { readonly error: string } {
    try {
        new RegExp(pattern, 'u');
        const parser = new Parser(pattern);
        const tree = parser.alternation();
        const program: Instruction[] = [];
        emit(tree, program);
        program.push({ op: 'match' });
        return value => run(program, Array.from(value));
    } catch (error) {
        return { error: (error as Error).message };
    }
}

class Parser {
    protected at = 0;
    constructor(protected readonly source: string) { }

    alternation(): Node {
        const items = [this.sequence()];
        while (this.source[this.at] === '|') {
            this.at++;
            items.push(this.sequence());
        }
        return items.length === 1 ? items[0] : { t: 'alt', items };
    }

    protected sequence(): Node {
        const items: Node[] = [];
        while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
            const term = this.term();
            items.push(term.t === 'assert' ? term : this.quantified(term));
        }
        return { t: 'seq', items };
    }

    protected term(): Node {
        const start = this.at;
        const char = this.source[this.at++];
        switch (char) {
            case '^': return { t: 'assert', what: 'start' };
            case '$': return { t: 'assert', what: 'end' };
            case '(': return this.group();
            case '[':
                while (this.source[this.at] !== ']') {
                    this.at += this.source[this.at] === '\\' ? 2 : 1;
                }
                this.at++;
                return { t: 'atom', source: this.source.slice(start, this.at) };
            case '\\': return this.escape(start);
            default: {
                // One code point: a surrogate pair is one character under `u`.
                const code = this.source.codePointAt(start)!;
                this.at = start + (code > 0xffff ? 2 : 1);
                return { t: 'atom', source: this.source.slice(start, this.at) };
            }
        }
    }

    protected group(): Node {
        if (this.source[this.at] === '?') {
            const rest = this.source.slice(this.at + 1);
            if (rest.startsWith(':')) {
                this.at += 2;
            } else if (rest.startsWith('<') && !rest.startsWith('<=') && !rest.startsWith('<!')) {
                this.at = this.source.indexOf('>', this.at) + 1;
            } else {
                throw new Error('it has a lookaround or group flags, which Theia does not check');
            }
        }
        const inner = this.alternation();
        this.at++; // ')'
        return inner;
    }

    protected escape(start: number): Node {
        const next = this.source[this.at++];
        if (next === 'b' || next === 'B') {
            return { t: 'assert', what: next === 'b' ? 'word' : 'notWord' };
        }
        if (/[1-9]/.test(next) || next === 'k') {
            throw new Error('it has a backreference, which Theia does not check');
        }
        const braced = (next === 'u' || next === 'p' || next === 'P') && this.source[this.at] === '{';
        if (braced) {
            this.at = this.source.indexOf('}', this.at) + 1;
        } else if (next === 'u') {
            this.at += 4;
        } else if (next === 'x') {
            this.at += 2;
        } else if (next === 'c') {
            this.at += 1;
        }
        return { t: 'atom', source: this.source.slice(start, this.at) };
    }

    protected quantified(node: Node): Node {
        let min: number;
        let max: number;
        const char = this.source[this.at];
        const counted = char === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at)) : null;
        if (char === '*' || char === '+' || char === '?') {
            [min, max] = char === '*' ? [0, Infinity] : char === '+' ? [1, Infinity] : [0, 1];
            this.at++;
        } else if (counted) {
            min = Number(counted[1]);
            max = counted[2] === undefined ? min : counted[3] === '' ? Infinity : Number(counted[3]);
            this.at += counted[0].length;
        } else {
            return node;
        }
        if (this.source[this.at] === '?') {
            this.at++; // lazy or greedy: the same for whether it matches
        }
        if (min > MAX_PATTERN_PROGRAM || (max !== Infinity && max > MAX_PATTERN_PROGRAM)) {
            throw new Error('it repeats too often to be checked');
        }
        return { t: 'rep', node, min, max };
    }
}

function emit(node: Node, program: Instruction[]): void {
    if (program.length > MAX_PATTERN_PROGRAM) {
        throw new Error('it is too long to be checked');
    }
    switch (node.t) {
        case 'atom': {
            const regexp = new RegExp(`^(?:${node.source})$`, 'u');
            // Values repeat few characters; the cache is bounded for the one that does not.
            const known = new Map<string, boolean>();
            program.push({ op: 'atom', test: char => known.get(char) ?? remember(known, char, regexp.test(char)) });
            return;
        }
        case 'assert':
            program.push({ op: 'assert', what: node.what });
            return;
        case 'seq':
            node.items.forEach(item => emit(item, program));
            return;
        case 'alt': {
            const split = { op: 'split' as const, to: [] as number[] };
            program.push(split);
            const jumps: Array<{ op: 'jump'; to: number }> = [];
            node.items.forEach(item => {
                split.to.push(program.length);
                emit(item, program);
                const jump = { op: 'jump' as const, to: -1 };
                jumps.push(jump);
                program.push(jump);
            });
            jumps.forEach(jump => jump.to = program.length);
            return;
        }
        case 'rep': {
            for (let i = 0; i < node.min; i++) {
                emit(node.node, program);
            }
            if (node.max === Infinity) {
                const split = { op: 'split' as const, to: [program.length + 1, -1] };
                program.push(split);
                emit(node.node, program);
                program.push({ op: 'jump', to: split.to[0] - 1 });
                split.to[1] = program.length;
                return;
            }
            const exits: number[][] = [];
            for (let i = node.min; i < node.max; i++) {
                const split = { op: 'split' as const, to: [program.length + 1, -1] };
                program.push(split);
                exits.push(split.to);
                emit(node.node, program);
            }
            exits.forEach(to => to[1] = program.length);
        }
    }
}

function remember(known: Map<string, boolean>, char: string, result: boolean): boolean {
    if (known.size < 1_024) {
        known.set(char, result);
    }
    return result;
}

const WORD = /^[A-Za-z0-9_]$/;

/** Whether the program matches anywhere in `chars` (code points): every thread advances one character at a time. */
function run(program: Instruction[], chars: string[]): boolean {
    const seen = new Int32Array(program.length).fill(-1);
    const holds = (what: Assertion, at: number): boolean => {
        switch (what) {
            case 'start': return at === 0;
            case 'end': return at === chars.length;
            default: {
                const boundary = (at > 0 && WORD.test(chars[at - 1])) !== (at < chars.length && WORD.test(chars[at]));
                return what === 'word' ? boundary : !boundary;
            }
        }
    };
    /** The atoms reachable from `pc` at position `at` without reading; true when `match` is reachable. */
    const follow = (pc: number, at: number, into: number[]): boolean => {
        const stack = [pc];
        while (stack.length > 0) {
            const current = stack.pop()!;
            if (seen[current] === at) {
                continue;
            }
            seen[current] = at;
            const instruction = program[current];
            switch (instruction.op) {
                case 'match': return true;
                case 'atom': into.push(current); break;
                case 'jump': stack.push(instruction.to); break;
                case 'split': stack.push(...[...instruction.to].reverse()); break;
                case 'assert':
                    if (holds(instruction.what, at)) {
                        stack.push(current + 1);
                    }
            }
        }
        return false;
    };
    let threads: number[] = [];
    for (let at = 0; at <= chars.length; at++) {
        // A match may start anywhere, as RegExp.test's does.
        if (follow(0, at, threads)) {
            return true;
        }
        if (at === chars.length) {
            return false;
        }
        const next: number[] = [];
        for (const pc of threads) {
            const instruction = program[pc] as { op: 'atom'; test: (char: string) => boolean };
            if (instruction.test(chars[at]) && follow(pc + 1, at + 1, next)) {
                return true;
            }
        }
        threads = next;
    }
    return false;
}
