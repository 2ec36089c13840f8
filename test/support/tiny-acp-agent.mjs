#!/usr/bin/env node
// A minimal Agent Client Protocol agent written for the tests (no model behind it): NDJSON JSON-RPC
// on stdio. A prompt is answered by echoing its text (and the files attached to it); "write <file> <text>" asks permission with
// three options and writes through fs/write_text_file when allowed (or itself when the client has no
// fs), or says the refusal with the answer's `_meta` as JSON; "read <file>" reads through fs/read_text_file; "hang" never ends until cancelled; "die" exits;
// "run <command> <args…>" runs the command in a client terminal (terminal/create, shown on a tool call,
// wait_for_exit, output, release) when the client declared `terminal`, and says the exit code;
// "spawn <count> <limit> <command> <args…>" calls terminal/create <count> times (outputByteLimit <limit>, "-" for none)
// without releasing any, and says how many it got and the first refusal;
// "edit <file> <line>=<text>… <file> <line>=<text>…" (in the Trust mode only, as an agent in an auto-edit mode: nobody is
// asked) reads each file through fs/read_text_file, replaces the numbered lines and writes it through fs/write_text_file;
// "rewrite <step> <tag> <path>…" (Trust mode only, as edit; a path may be a folder: its files, by name) reads every file through
// fs/read_text_file, puts "<tag> " before every <step>-th line and sends all the fs/write_text_file requests at once (a burst);
// bench/hunk-review.mjs uses it for a file of many hunks and for 50 files written together;
// "announce <mode>" says "[MODE_UPDATE] <mode>" and an empty chunk before its answer, as gemini and qwen do;
// "context" says the text of the prompt's embedded resources; "model" names the session's model; "capabilities" says the client's `clientCapabilities` as JSON; "mcp" says the
// `mcpServers` its session/new got, as JSON (with --mcp-http it declares `mcpCapabilities: { http: true }`). With --models it
// reports three models in session/new; `session/set_model` refuses "tiny-broken" (and any id it did not list) and, as
// qwen does, saves the model as the user's default unless its `_meta` says `qwen.session.modelPersistDefault: false`
// ("model" then says so).
// "after <flag file> <prompt>" waits until the flag file exists (a barrier the test controls), then does <prompt>.
// Hostile loads (issue 21, support/hostile-acp-updates.mjs): "flood-text <kb>" answers with one chunk of <kb> KB without
// whitespace; "flood-tools <n>" sends <n> tool_call updates at once; "fuzz <seed> <n>" sends <n> random, malformed updates,
// permission and elicitation requests (not awaited) generated from <seed>, then asks a form whose pattern backtracks
// catastrophically ("Fuzz <seed>: a value to check") and waits for its answer, then says "Fuzz <seed> done.".
// With --history <dir> it offers session/list and session/load (issue 29): each fuzz run is listed as "Fuzz replay <seed>"
// (a file in <dir>), whose load replays <n> random updates and hostile markdown made from <seed>; "A long conversation"
// replays more than the chat keeps (30 user messages of 300 chunks each).
// With --prompt-log <file> it appends each prompt's text to that file, a line each, as it arrives.
// With --hang <method> it never answers that method (e.g. session/new, as gemini while an MCP server never answers).
import fs from 'node:fs';
import readline from 'node:readline';
// Loaded by the verbs that need it: it imports fast-check, which an agent unpacked from an archive cannot resolve.
const hostile = () => import('./hostile-acp-updates.mjs');

const MODELS = [
    { modelId: 'tiny-small', name: 'Tiny Small' }, { modelId: 'tiny-large', name: 'Tiny Large', description: 'The large one' },
    { modelId: 'tiny-broken', name: 'Tiny Broken' }
];
const REPORTS_MODELS = process.argv.includes('--models');
const MCP_HTTP = process.argv.includes('--mcp-http');
const PROMPT_LOG = process.argv.includes('--prompt-log') ? process.argv[process.argv.indexOf('--prompt-log') + 1] : undefined;
const HISTORY = process.argv.includes('--history') ? process.argv[process.argv.indexOf('--history') + 1] : undefined;
const LONG_SESSION = 'long-conversation';
const HANG = process.argv.includes('--hang') ? process.argv[process.argv.indexOf('--hang') + 1] : undefined;
let nextId = 0;
let clientFs = false;
let clientTerminal = false;
let clientCapabilities = {};
const pending = new Map();
const sessions = new Map();
const send = message => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const request = (method, params) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    send({ id, method, params });
});
const update = (sessionId, value) => send({ method: 'session/update', params: { sessionId, update: value } });
const say = (sessionId, text) => update(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });

async function prompt({ sessionId, prompt: blocks }) {
    const session = sessions.get(sessionId);
    const text = blocks.filter(block => block.type === 'text').map(block => block.text).join(' ').trim();
    if (PROMPT_LOG) {
        fs.appendFileSync(PROMPT_LOG, `${text}\n`);
    }
    const cancelled = new Promise(resolve => { session.cancel = resolve; });
    update(sessionId, { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: `Thinking about: ${text}` } });
    const [verb, file, ...rest] = text.split(/\s+/);
    if (verb === 'after') {
        let cancelledFirst = false;
        cancelled.then(() => { cancelledFirst = true; });
        while (!fs.existsSync(file) && !cancelledFirst) {
            await new Promise(resolve => setTimeout(resolve, 50));
        }
        return cancelledFirst ? { stopReason: 'cancelled' } : prompt({ sessionId, prompt: [{ type: 'text', text: rest.join(' ') }] });
    }
    if (verb === 'announce') { // gemini's habit: a mode switch also told as message text, and qwen's empty usage chunk
        say(sessionId, `[MODE_UPDATE] ${file}`);
        say(sessionId, '');
        say(sessionId, `Mode is ${file}.`);
        return { stopReason: 'end_turn' };
    }
    if (verb === 'die') {
        process.exit(3);
    }
    if (verb === 'hang') {
        say(sessionId, 'Hanging…');
        await cancelled;
        return { stopReason: 'cancelled' };
    }
    if (verb === 'capabilities') {
        say(sessionId, JSON.stringify(clientCapabilities));
        return { stopReason: 'end_turn' };
    }
    if (verb === 'mcp') {
        say(sessionId, JSON.stringify(session.mcpServers ?? null));
        return { stopReason: 'end_turn' };
    }
    if (verb === 'context') { // the text of the embedded resources the prompt came with (e.g. the chat's earlier conversation)
        const texts = blocks.filter(block => block.type === 'resource' && typeof block.resource?.text === 'string').map(block => block.resource.text);
        say(sessionId, `Context: ${texts.length > 0 ? texts.join('\n---\n') : '(none)'}`);
        return { stopReason: 'end_turn' };
    }
    if (verb === 'model') {
        say(sessionId, `Model: ${session.modelId}${session.savedAsDefault ? ' (saved as the default)' : ''}`);
        return { stopReason: 'end_turn' };
    }
    if (verb === 'read') {
        const { content } = await request('fs/read_text_file', { sessionId, path: file });
        say(sessionId, `Read: ${content}`);
        return { stopReason: 'end_turn' };
    }
    if (verb === 'write') {
        const content = `${rest.join(' ')}\n`;
        const toolCall = { toolCallId: `write-${nextId}`, title: `Writing to ${file}`, kind: 'edit', status: 'pending',
            locations: [{ path: file }], content: [{ type: 'diff', path: file, oldText: null, newText: content }] };
        update(sessionId, { sessionUpdate: 'tool_call', ...toolCall });
        const answer = await Promise.race([request('session/request_permission', { sessionId, toolCall, options: [
            { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
            { optionId: 'allow-always', name: 'Always allow', kind: 'allow_always' },
            { optionId: 'reject', name: 'Reject', kind: 'reject_once' }] }), cancelled.then(() => ({ outcome: { outcome: 'cancelled' } }))]);
        if (answer.outcome.outcome !== 'selected' || answer.outcome.optionId === 'reject') {
            update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId: toolCall.toolCallId, status: 'failed' });
            say(sessionId, `Not written (${answer.outcome.optionId ?? answer.outcome.outcome}).${answer._meta ? ` _meta: ${JSON.stringify(answer._meta)}` : ''}`);
            return { stopReason: answer.outcome.outcome === 'cancelled' ? 'cancelled' : 'end_turn' };
        }
        if (clientFs) {
            await request('fs/write_text_file', { sessionId, path: file, content });
        } else {
            fs.writeFileSync(file, content);
        }
        update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId: toolCall.toolCallId, status: 'completed' });
        say(sessionId, `Wrote ${file}.`);
        return { stopReason: 'end_turn' };
    }
    if (verb === 'edit') {
        return edit(sessionId, [file, ...rest]);
    }
    if (verb === 'rewrite') {
        return rewrite(sessionId, Number(file), rest[0], rest.slice(1));
    }
    if (verb === 'run') {
        return run(sessionId, file, rest, cancelled);
    }
    if (verb === 'flood-text') {
        say(sessionId, (await hostile()).wordWithoutSpaces(Number(file)));
        return { stopReason: 'end_turn' };
    }
    if (verb === 'flood-tools') {
        for (const value of (await hostile()).toolCallFlood(Number(file))) {
            update(sessionId, value);
        }
        return { stopReason: 'end_turn' };
    }
    if (verb === 'fuzz') {
        const { fuzzSteps, backtrackingForm } = await hostile();
        for (const step of fuzzSteps(Number(file), Number(rest[0]))) {
            if (step.permission) {
                request('session/request_permission', { sessionId, ...step.permission }).catch(() => undefined);
            } else if (step.elicitation) {
                request('elicitation/create', { sessionId, ...step.elicitation }).catch(() => undefined);
            } else {
                update(sessionId, step.update);
            }
        }
        if (HISTORY) {
            fs.writeFileSync(`${HISTORY}/fuzz-${Number(file)}.json`, JSON.stringify({ seed: Number(file), count: Number(rest[0]), cwd: session.cwd }));
        }
        const answer = await Promise.race([request('elicitation/create', backtrackingForm(sessionId, Number(file))), cancelled.then(() => ({ action: 'cancel' }))])
            .catch(error => ({ error: error.message }));
        say(sessionId, `Form answer: ${JSON.stringify(answer)}. Fuzz ${file} done.`);
        return { stopReason: 'end_turn' };
    }
    if (verb === 'spawn') {
        return spawnMany(sessionId, Number(file), rest);
    }
    const files = blocks.filter(block => block.type === 'resource_link' || block.type === 'resource').map(block => block.uri ?? block.resource.uri);
    say(sessionId, `Echo: ${text}${files.length > 0 ? ` [files: ${files.join(', ')}]` : ''}`);
    return { stopReason: 'end_turn' };
}

async function edit(sessionId, words) {
    if (sessions.get(sessionId).modeId !== 'trust') {
        say(sessionId, 'edit writes without asking: switch to the Trust mode first.');
        return { stopReason: 'end_turn' };
    }
    const edits = [];
    for (const word of words) {
        const [line, text] = word.split(/=(.*)/s);
        if (text === undefined) {
            edits.push({ path: word, lines: new Map() });
        } else {
            edits.at(-1).lines.set(Number(line), text);
        }
    }
    for (const { path, lines } of edits) {
        const { content } = await request('fs/read_text_file', { sessionId, path });
        const newText = content.split('\n').map((old, index) => lines.get(index + 1) ?? old).join('\n');
        const toolCallId = `edit-${nextId}`;
        update(sessionId, { sessionUpdate: 'tool_call', toolCallId, title: `Editing ${path}`, kind: 'edit', status: 'in_progress',
            locations: [{ path }], content: [{ type: 'diff', path, oldText: content, newText }] });
        await request('fs/write_text_file', { sessionId, path, content: newText });
        update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' });
    }
    say(sessionId, `Edited ${edits.map(({ path }) => path).join(', ')}.`);
    return { stopReason: 'end_turn' };
}

async function rewrite(sessionId, step, tag, paths) {
    if (sessions.get(sessionId).modeId !== 'trust') {
        say(sessionId, 'rewrite writes without asking: switch to the Trust mode first.');
        return { stopReason: 'end_turn' };
    }
    const files = paths.flatMap(path => fs.statSync(path).isDirectory()
        ? fs.readdirSync(path).sort().map(name => `${path}/${name}`) : [path]);
    const edits = [];
    for (const path of files) {
        const { content } = await request('fs/read_text_file', { sessionId, path });
        const newText = content.split('\n').map((line, index) => (index + 1) % step === 0 && line ? `${tag} ${line}` : line).join('\n');
        edits.push({ path, content, newText, toolCallId: `rewrite-${nextId}-${edits.length}` });
    }
    // Every write before the first answer: the client gets them as one burst.
    await Promise.all(edits.map(({ path, content, newText, toolCallId }) => {
        update(sessionId, { sessionUpdate: 'tool_call', toolCallId, title: `Editing ${path}`, kind: 'edit', status: 'in_progress',
            locations: [{ path }], content: [{ type: 'diff', path, oldText: content, newText }] });
        return request('fs/write_text_file', { sessionId, path, content: newText })
            .then(() => update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' }));
    }));
    say(sessionId, `Rewrote ${edits.length} files.`);
    return { stopReason: 'end_turn' };
}

async function run(sessionId, command, args, cancelled) {
    if (!clientTerminal) {
        say(sessionId, 'No terminal: the client did not declare the terminal capability.');
        return { stopReason: 'end_turn' };
    }
    let terminalId;
    try {
        ({ terminalId } = await request('terminal/create', { sessionId, command, args, outputByteLimit: 4096 }));
    } catch (error) {
        say(sessionId, `terminal/create failed: ${error.message}`);
        return { stopReason: 'end_turn' };
    }
    const toolCallId = `run-${nextId}`;
    update(sessionId, { sessionUpdate: 'tool_call', toolCallId, title: `Running ${command}`, kind: 'execute', status: 'in_progress',
        content: [{ type: 'terminal', terminalId }] });
    const exit = await Promise.race([request('terminal/wait_for_exit', { sessionId, terminalId }), cancelled.then(() => undefined)]);
    if (!exit) {
        await request('terminal/kill', { sessionId, terminalId }).catch(() => undefined);
        return { stopReason: 'cancelled' };
    }
    const { output } = await request('terminal/output', { sessionId, terminalId });
    update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId, status: exit.exitCode === 0 ? 'completed' : 'failed' });
    await request('terminal/release', { sessionId, terminalId });
    say(sessionId, `Exit code ${exit.exitCode ?? exit.signal}; ${Buffer.byteLength(output)} bytes of output.`);
    return { stopReason: 'end_turn' };
}

async function spawnMany(sessionId, count, [limit, command, ...args]) {
    let created = 0;
    let refusal;
    for (let i = 1; i <= count; i++) {
        try {
            await request('terminal/create', { sessionId, command, args, ...limit === '-' ? {} : { outputByteLimit: Number(limit) } });
            created++;
        } catch (error) {
            refusal ??= `terminal/create #${i} failed (${error.code}): ${error.message}`;
        }
    }
    say(sessionId, `Created ${created} terminals.${refusal ? ` ${refusal}` : ''}`);
    return { stopReason: 'end_turn' };
}

const handlers = {
    initialize: params => {
        clientCapabilities = params.clientCapabilities ?? {};
        clientFs = !!params.clientCapabilities?.fs?.writeTextFile;
        clientTerminal = params.clientCapabilities?.terminal === true;
        return { protocolVersion: 1, agentInfo: { name: 'tiny-acp-agent', version: '1.0.0' }, authMethods: [],
            agentCapabilities: { loadSession: !!HISTORY, promptCapabilities: { embeddedContext: true }, ...MCP_HTTP ? { mcpCapabilities: { http: true } } : {},
                ...HISTORY ? { sessionCapabilities: { list: {} } } : {} } };
    },
    'session/new': params => {
        const sessionId = `tiny-${sessions.size + 1}`;
        sessions.set(sessionId, { modelId: MODELS[0].modelId, mcpServers: params?.mcpServers, cwd: params?.cwd });
        setImmediate(() => update(sessionId, { sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'tiny', description: 'A tiny command' }] }));
        return {
            sessionId, modes: { currentModeId: 'ask', availableModes: [{ id: 'ask', name: 'Ask' }, { id: 'trust', name: 'Trust' }] },
            ...REPORTS_MODELS ? { models: { currentModelId: MODELS[0].modelId, availableModels: MODELS } } : {}
        };
    },
    'session/list': ({ cwd }) => ({
        sessions: [{ sessionId: LONG_SESSION, cwd, title: 'A long conversation' }, ...fs.readdirSync(HISTORY).filter(name => /^fuzz-\d+\.json$/.test(name))
            .map(name => JSON.parse(fs.readFileSync(`${HISTORY}/${name}`, 'utf8')))
            .map(({ seed, cwd: folder }) => ({ sessionId: `fuzz-${seed}`, cwd: folder, title: `Fuzz replay ${seed}` }))]
    }),
    'session/load': async ({ sessionId, cwd, mcpServers }) => {
        const { fuzzReplay, longReplay } = await hostile();
        const file = `${HISTORY}/${String(sessionId).replace(/[^\w-]/g, '_')}.json`;
        if (sessionId !== LONG_SESSION && !fs.existsSync(file)) {
            throw Object.assign(new Error(`Session not found: ${sessionId}`), { code: -32002 });
        }
        const stored = sessionId === LONG_SESSION ? undefined : JSON.parse(fs.readFileSync(file, 'utf8'));
        for (const value of stored ? fuzzReplay(stored.seed, stored.count) : longReplay(30, 300)) {
            update(sessionId, value);
        }
        sessions.set(sessionId, { modelId: MODELS[0].modelId, mcpServers, cwd });
        return {};
    },
    'session/set_mode': ({ sessionId, modeId }) => {
        sessions.get(sessionId).modeId = modeId;
        return {};
    },
    'session/set_model': ({ sessionId, modelId, _meta }) => {
        if (modelId === 'tiny-broken') {
            throw Object.assign(new Error('tiny-broken is not available to this account'), { code: -32603 });
        }
        if (!MODELS.some(model => model.modelId === modelId)) {
            throw Object.assign(new Error(`Unknown model: ${modelId}`), { code: -32602 });
        }
        Object.assign(sessions.get(sessionId), { modelId, savedAsDefault: _meta?.['qwen.session.modelPersistDefault'] !== false });
        return {};
    },
    'session/prompt': prompt
};

readline.createInterface({ input: process.stdin }).on('line', async line => {
    if (!line.trim()) {
        return;
    }
    const message = JSON.parse(line);
    if (message.method === undefined) {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) {
            waiter?.reject(Object.assign(new Error(message.error.message), message.error));
        } else {
            waiter?.resolve(message.result);
        }
        return;
    }
    if (message.method === 'session/cancel') {
        sessions.get(message.params.sessionId)?.cancel?.();
        return;
    }
    const handler = handlers[message.method];
    if (message.id === undefined || message.method === HANG) {
        return;
    }
    if (!handler) {
        send({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
        return;
    }
    try {
        send({ id: message.id, result: await handler(message.params) });
    } catch (error) {
        send({ id: message.id, error: { code: error.code ?? -32603, message: error.message } });
    }
}).on('close', () => process.exit(0));
