// What a hostile or broken ACP agent sends the chat (issue 21): floods that froze the window, and
// random, malformed session/update and permission requests generated with fast-check from a seed, so
// that a failing run can be replayed with the seed it printed. Used by tiny-acp-agent.mjs's "flood-text",
// "flood-tools" and "fuzz" verbs.
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

const hostileText = fc.oneof(
    { weight: 6, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 100 }) },
    {
        weight: 3, arbitrary: fc.constantFrom('[README.md](command:aiCliCompanion.installCli?%5B%22gemini%22%5D)', '<a href="command:workbench.action.terminal.new">x</a>',
            'javascript:alert(1)', 'file:///etc/passwd', '../../../etc/passwd', '```', '~~~~\n', '<!--', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>',
            '\u0000\u001b[31m', '\ud800', '| a |\n| - |', '$$\n\\frac{1}{0}', '\n\n\n', ':rocket:'.repeat(50))
    }
);
/** A long whitespace-free run: only where a step asks for one, so that a run stays bounded. */
const longRun = fc.integer({ min: 1, max: 96 }).map(kb => wordWithoutSpaces(kb));
const anyValue = fc.oneof({ weight: 4, arbitrary: hostileText }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 4 }) });
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
/** One thing the agent does: mostly updates, sometimes a permission request (not awaited) or a long run. */
const step = fc.oneof({ weight: 24, arbitrary: update.map(value => ({ update: value })) }, { weight: 2, arbitrary: permission.map(value => ({ permission: value })) },
    { weight: 1, arbitrary: longUpdate.map(value => ({ update: value })) });

/** `count` random steps from `seed`: the same seed gives the same steps. */
export function fuzzSteps(seed, count) {
    return fc.sample(step, { seed, numRuns: count });
}
