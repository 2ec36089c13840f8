import * as assert from 'assert';
import { linearPattern, LinearPattern, MAX_PATTERN_PROGRAM } from './linear-pattern';
import { parseElicitationForm } from './elicitation-request-reader';
import { checkFormAnswer } from './elicitation-answer-check';

function compiled(pattern: string): LinearPattern {
    const test = linearPattern(pattern);
    assert.ok(typeof test === 'function', `${pattern}: ${'error' in test ? test.error : ''}`);
    return test;
}

const PATTERNS = [
    '^[a-z]+$', '^\\d{3}-\\d{4}$', '^(\\d{3}-)?\\d{4}$', 'ab|cd', '^$', '', 'a*', '^a{2,3}$', '^a{2,}$', '^(?:ab)+c?$',
    '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', '\\bcat\\b', '\\Bat', '^.{3}$', '^[\\w.-]+$', '^\\p{Lu}\\p{Ll}*$', '^(?<year>\\d{4})-\\d\\d$',
    '^[\\]\\[]+$', '^\\u{1F600}+$', '^😀.$', '^a+?b$', '^(a|ab)(c|bcd)(d*)$', '^(a*)*b$', '[]', '[^]', '^\\x41\\u0042$', '\\.', '^(|a)+$',
    '^[A-Z][a-z]*( [A-Z][a-z]*)*$', 'x$', '^x'
];
const VALUES = ['', 'a', 'aa', 'aaa', 'ab', 'abc', 'cd', 'abcd', 'abbcdd', '123-4567', '4567', 'me@example.org', 'me@@x.y', 'the cat sat',
    'concat', 'what', 'Ada', 'ada', '2024-01', ']][', '😀😀', '😀x', '😀\n', 'AB', 'a.b', 'abab', 'ababc', 'aaab', 'b', 'New York', 'new york', 'x', 'yx'];

describe('linearPattern: an elicitation pattern checked in linear time (issue 29 part 7)', () => {
    it('agrees with RegExp.test on ordinary patterns', () => {
        for (const pattern of PATTERNS) {
            const native = new RegExp(pattern, 'u');
            const test = compiled(pattern);
            for (const value of VALUES) {
                assert.equal(test(value), native.test(value), `/${pattern}/u on ${JSON.stringify(value)}`);
            }
        }
    });

    it('answers for ^(a|a)+$ and other catastrophic patterns at once (RegExp takes seconds, doubling per character)', () => {
        const value = 'a'.repeat(29) + '!';
        assert.equal(compiled('^(a|a)+$')(value), false);
        assert.equal(compiled('^(a+)+$')(value), false);
        assert.equal(compiled('^(\\w*)*\\d$')('x'.repeat(10_000)), false);
        assert.equal(compiled('^(a|a)+$')('a'.repeat(10_000)), true);
    });

    it('refuses backreferences, lookarounds and programs past the limit, saying why', () => {
        assert.match((linearPattern('^(a)\\1$') as { error: string }).error, /backreference/);
        assert.match((linearPattern('^(?<x>a)\\k<x>$') as { error: string }).error, /backreference/);
        assert.match((linearPattern('^(?=.*\\d).{8,}$') as { error: string }).error, /lookaround/);
        assert.match((linearPattern('(?<!a)b') as { error: string }).error, /lookaround/);
        assert.match((linearPattern(`(a{${MAX_PATTERN_PROGRAM}}){2}`) as { error: string }).error, /too long/);
        assert.match((linearPattern('(') as { error: string }).error, /Invalid regular expression/);
    });

    it('an agent\'s form with ^(a|a)+$ and a default of 29 a and ! is checked at once, on both sides', () => {
        const parsed = parseElicitationForm({
            message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', pattern: '^(a|a)+$', default: 'a'.repeat(29) + '!' } } }
        });
        assert.ok('ok' in parsed);
        const field = parsed.ok.fields[0];
        assert.ok(field.kind === 'string');
        assert.deepEqual(checkFormAnswer(parsed.ok, { name: field.default }), { errors: { name: 'Does not match the pattern ^(a|a)+$.' } });
        assert.deepEqual(checkFormAnswer(parsed.ok, { name: 'aaaa' }), { content: { name: 'aaaa' } });
    });

    it('a form whose pattern cannot be checked is refused with the reason', () => {
        const parsed = parseElicitationForm({ message: 'x', requestedSchema: { type: 'object', properties: { p: { type: 'string', pattern: '^(a)\\1$' } } } });
        assert.ok('error' in parsed);
        assert.match(parsed.error, /field "p" has a pattern Theia cannot check in bounded time: it has a backreference/);
    });
});
