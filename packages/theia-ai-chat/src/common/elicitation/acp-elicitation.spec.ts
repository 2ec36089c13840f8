import * as assert from 'assert';
import { AcpElicitationForm, ELICITATION_LIMITS } from './acp-elicitation';
import { checkFormAnswer } from './elicitation-answer-check';
import { parseElicitationForm, parseElicitationUrl } from './elicitation-request-reader';

const request = (properties: Record<string, unknown>, required?: unknown) =>
    ({ sessionId: 's', mode: 'form', message: 'Which colour?', requestedSchema: { type: 'object', properties, ...required !== undefined ? { required } : {} } });

function form(properties: Record<string, unknown>, required?: unknown): AcpElicitationForm {
    const parsed = parseElicitationForm(request(properties, required));
    assert.ok('ok' in parsed, 'error' in parsed ? parsed.error : '');
    return parsed.ok;
}

function refused(value: unknown): string {
    const parsed = parseElicitationForm(value);
    assert.ok('error' in parsed, 'refused');
    return parsed.error;
}

describe('elicitation forms (issue 23 part 7)', () => {
    it('reads string, number, integer, boolean, enum (plain and titled) and multi-select fields with their required flags', () => {
        const parsed = form({
            name: { type: 'string', title: 'Name', minLength: 2, default: 'Ada' },
            shade: { type: 'number', minimum: 0, maximum: 1 },
            count: { type: 'integer', default: 3 },
            ok: { type: 'boolean', description: 'Sure?' },
            colour: { type: 'string', enum: ['red', 'blue'] },
            size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }], default: 'l' },
            tags: { type: 'array', items: { enum: ['a', 'b'] }, maxItems: 1 }
        }, ['name', 'colour']);
        assert.deepEqual(parsed.fields.map(field => [field.name, field.kind, field.required]), [
            ['name', 'string', true], ['shade', 'number', false], ['count', 'number', false], ['ok', 'boolean', false],
            ['colour', 'enum', true], ['size', 'enum', false], ['tags', 'multi', false]]);
        const size = parsed.fields[5];
        assert.ok(size.kind === 'enum');
        assert.deepEqual(size.options, [{ value: 's', title: 'Small' }, { value: 'l', title: 'Large' }]);
        assert.equal(size.default, 'l');
        assert.equal(parsed.message, 'Which colour?');
    });

    it('refuses what it cannot show with a reason: unknown types, huge forms, bad required lists, odd names and patterns', () => {
        assert.match(refused(request({ when: { type: 'date-range' } })), /field "when" has type "date-range", which Theia cannot show/);
        const many = Object.fromEntries(Array.from({ length: ELICITATION_LIMITS.fields + 1 }, (_, i) => [`f${i}`, { type: 'string' }]));
        assert.match(refused(request(many)), /the form has 51 fields; Theia shows at most 50/);
        assert.match(refused(request({ a: { type: 'string' } }, ['b'])), /required names fields the form does not have: b/);
        assert.match(refused(request({ a: { type: 'string' } }, 'a')), /required is not a list/);
        assert.match(refused(request({ plain: { type: 'string' }, ['__proto__']: { type: 'string' } })), /named "__proto__", which Theia does not accept/);
        assert.match(refused(request({ a: { type: 'string', pattern: '(' } })), /pattern that is no regular expression/);
        assert.match(refused(request({ a: { type: 'string', enum: Array.from({ length: 201 }, (_, i) => `v${i}`) } })), /offers 201 choices/);
        assert.match(refused(request({ a: { type: 'string', enum: ['x', 'x'] } })), /the same choice twice/);
        assert.match(refused(request({ a: { type: 'array', items: {} } })), /a list without choices/);
        assert.match(refused({ ...request({}), message: 'x'.repeat(ELICITATION_LIMITS.message + 1) }), /its message is longer than 4000 characters/);
        assert.match(refused({ ...request({}), requestedSchema: { type: 'array' } }), /not "object"/);
        assert.match(refused(null), /not an object/);
    });

    it('never throws, whatever the agent sends (bounded fuzz)', () => {
        const values: unknown[] = [null, undefined, 0, -1, 1e308, NaN, '', 'x', [], {}, [1], { type: 'string' }, { type: 'array', items: { anyOf: [{}] } },
            { type: 'string', oneOf: [{ const: 1 }] }, { type: 'number', minimum: 'a' }, { type: ['string'] }, { toString: 1 }];
        let seed = 7;
        const pick = () => values[(seed = (seed * 1103515245 + 12345) % 2147483648) % values.length];
        for (let i = 0; i < 2_000; i++) {
            const properties = Object.fromEntries(Array.from({ length: i % 5 }, (_, n) => [`f${n}`, pick()]));
            const candidate = i % 7 === 0 ? pick() : { message: i % 11 === 0 ? pick() : 'm', requestedSchema: i % 13 === 0 ? pick() : { properties, required: i % 3 ? undefined : pick() } };
            const parsed = parseElicitationForm(candidate);
            assert.ok('ok' in parsed || typeof parsed.error === 'string');
            if ('ok' in parsed) {
                checkFormAnswer(parsed.ok, pick());
                checkFormAnswer(parsed.ok, { f0: pick(), f1: pick() });
            }
        }
    });

    it('checks the answer against the form: required fields, types, ranges, choices, no extra fields', () => {
        const parsed = form({
            name: { type: 'string', maxLength: 5, pattern: '^[a-z]+$' }, count: { type: 'integer', minimum: 1, maximum: 9 },
            colour: { type: 'string', enum: ['red', 'blue'] }, ok: { type: 'boolean' }, tags: { type: 'array', items: { enum: ['a', 'b'] }, maxItems: 1 }
        }, ['colour']);
        assert.deepEqual(checkFormAnswer(parsed, { colour: 'blue', count: 3, ok: false, name: '' }), { content: { colour: 'blue', count: 3, ok: false } });
        const wrong = checkFormAnswer(parsed, { name: 'TOOLONG', count: 2.5, tags: ['a', 'b'], extra: 1 });
        assert.ok('errors' in wrong);
        assert.deepEqual(Object.keys(wrong.errors).sort(), ['colour', 'count', 'extra', 'name', 'tags']);
        assert.equal(wrong.errors.colour, 'colour is required.');
        assert.equal(wrong.errors.count, 'Enter a whole number.');
        assert.ok('errors' in checkFormAnswer(parsed, { colour: 'green' }));
        assert.ok('errors' in checkFormAnswer(parsed, { colour: 'red', name: 'ab1' }), 'the pattern is checked');
        assert.ok('errors' in checkFormAnswer(parsed, 'not an object'));
    });

    it('offers only http(s) links without credentials, with their host', () => {
        const ok = parseElicitationUrl({ message: 'Authorise', url: 'https://auth.example.test/x?y=1' });
        assert.deepEqual(ok, { ok: { message: 'Authorise', url: 'https://auth.example.test/x?y=1', host: 'auth.example.test' } });
        for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'not a url', 'https://user:pw@example.test/']) {
            assert.ok('error' in parseElicitationUrl({ message: 'm', url }), url);
        }
    });
});
