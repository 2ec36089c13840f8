#!/usr/bin/env node
// An ACP agent written for the tests whose sessions outlive its process: each session is a JSON file in
// --store <dir> (history, cwd, title, config options), so a second process of this agent knows the sessions of
// the first, as gemini's and qwen's own session files do. No model behind it.
//
// Capabilities: --caps load,resume,list,close,delete (default all of them; `--caps none` offers none).
// --page-size N: session/list pages of N (default 2), the cursor being the next index.
// --hang <method>: never answer that method (e.g. session/load), for the client's timeout.
// --hold <method> <flag file>: answer that method only once the flag file exists (a barrier the test controls).
// --log <file>: appends every request or notification method the client sends, a line each.
//
// Prompts: "wait <name>" runs until the file <store>/<name> exists (or the turn is cancelled); "recall" says every earlier user message of the session ("History: a | b"); "usage" sends a
// usage_update; "config" sends a config_option_update; "ask" sends a form elicitation/create and says the
// answer as JSON ("ask-then-link": text, the form, then a `command:` link to terminal:new); "capabilities" says the
// client's capabilities; "die" exits; anything else is echoed
// ("Echo: <text>"). Every turn is recorded in the session's history, which session/load replays as
// user_message_chunk / agent_message_chunk (and one agent_thought_chunk per turn).
// session/set_config_option: choosing model "big" adds a `thought_level` option (the answer is the whole set).
// --login-marker <file>: sessions need a sign-in until that file exists (-32000 "Authentication required"). Its
// authMethods: a `terminal` method (only to a client that declares auth.terminal) that runs this agent with
// --login, and an `agent` method whose `authenticate` signs in at once. "ask-link" sends a URL-mode elicitation.
// `--login` (the terminal sign-in): asks "Type yes" on the terminal; "yes" writes $SESSION_AGENT_LOGIN_MARKER, exit 0.
// --auth-methods <json file>: more authMethods, as a hostile agent would send them (e.g. `args: ["-c", …]`).
// Started in a terminal without --login (a sign-in that passed it other arguments), it says so and exits 2.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const arg = name => process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const STORE = arg('--store') ?? fs.mkdtempSync('/tmp/session-acp-agent-');
const CAPS = new Set((arg('--caps') ?? 'load,resume,list,close,delete').split(','));
const PAGE_SIZE = Number(arg('--page-size') ?? 2);
const HANG = arg('--hang');
const HOLD = arg('--hold');
const HOLD_FLAG = HOLD && process.argv[process.argv.indexOf('--hold') + 2];
const LOG = arg('--log');
const LOGIN_MARKER = arg('--login-marker');
const AUTH_METHODS = arg('--auth-methods');
fs.mkdirSync(STORE, { recursive: true });
/** A link that would open a terminal if the chat let agent markdown run commands (issue 29 part 1). */
const TERMINAL_LINK = '[Open a terminal](command:terminal:new)';

if (process.argv.includes('--login')) {
    process.stdout.write('Sign in to session-acp-agent. Type yes and press Enter: ');
    readline.createInterface({ input: process.stdin }).once('line', line => {
        if (line.trim() === 'yes') {
            fs.writeFileSync(process.env.SESSION_AGENT_LOGIN_MARKER, 'signed in\n');
            process.stdout.write('Signed in.\n');
            process.exit(0);
        }
        process.stdout.write('Not signed in.\n');
        process.exit(1);
    });
}
if (!process.argv.includes('--login') && process.stdin.isTTY) {
    process.stdout.write(`session-acp-agent speaks ACP on stdin, not in a terminal (started with: ${process.argv.slice(2).join(' ')})\n`);
    process.exit(2);
}
const signedIn = () => {
    if (LOGIN_MARKER && !fs.existsSync(LOGIN_MARKER)) {
        throw fail(-32000, 'Authentication required: sign in to session-acp-agent first');
    }
};

let nextId = 0;
let clientCapabilities = {};
const pending = new Map();
/** Sessions this process has open (new, loaded or resumed): id → { cancel }. */
const open = new Map();
const send = message => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const request = (method, params) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    send({ id, method, params });
});
const update = (sessionId, value) => send({ method: 'session/update', params: { sessionId, update: value } });
const text = value => ({ type: 'text', text: value });
const fail = (code, message) => Object.assign(new Error(message), { code });

const file = sessionId => path.join(STORE, `${sessionId.replace(/[^\w-]/g, '_')}.json`);
const read = sessionId => {
    try {
        return JSON.parse(fs.readFileSync(file(sessionId), 'utf8'));
    } catch {
        return undefined;
    }
};
const write = session => fs.writeFileSync(file(session.sessionId), JSON.stringify(session));
const known = sessionId => {
    const session = read(sessionId);
    if (!session) {
        throw fail(-32002, `Session not found: ${sessionId}`);
    }
    return session;
};
const live = sessionId => {
    if (!open.has(sessionId)) {
        throw fail(-32602, `Session not open: ${sessionId}`);
    }
    return known(sessionId);
};

function modelOption(current = 'small') {
    return { id: 'model', name: 'Model', category: 'model', type: 'select', currentValue: current,
        options: [{ value: 'small', name: 'Small' }, { value: 'big', name: 'Big', description: 'Thinks' }] };
}

function configOptions(values) {
    const options = [modelOption(values.model),
        { id: 'mode', name: 'Mode', category: 'mode', type: 'select', currentValue: values.mode ?? 'ask',
            options: [{ value: 'ask', name: 'Ask' }, { value: 'code', name: 'Code' }] }];
    if (values.model === 'big') {
        options.push({ id: 'thought_level', name: 'Thinking', category: 'thought_level', type: 'select', currentValue: values.thought_level ?? 'low',
            options: [{ value: 'low', name: 'Low' }, { value: 'high', name: 'High' }] });
    }
    if (clientCapabilities.session?.configOptions?.boolean) {
        options.push({ id: 'brief', name: 'Brief answers', type: 'boolean', currentValue: values.brief ?? false });
    }
    return options;
}

function opened(sessionId) {
    open.set(sessionId, {});
    setImmediate(() => update(sessionId, { sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'recall', description: 'Say the history' }] }));
}

async function prompt({ sessionId, prompt: blocks }) {
    const session = live(sessionId);
    const said = blocks.filter(block => block.type === 'text').map(block => block.text).join(' ').trim();
    const cancelled = new Promise(resolve => { open.get(sessionId).cancel = resolve; });
    let answer;
    if (said === 'die') {
        process.exit(3);
    } else if (said === 'recall') {
        answer = `History: ${session.history.filter(turn => turn.user !== 'recall').map(turn => turn.user).join(' | ')}`;
    } else if (said === 'usage') {
        update(sessionId, { sessionUpdate: 'usage_update', used: 53_000, size: 200_000, cost: { amount: 0.12, currency: 'USD' } });
        answer = 'Usage sent.';
    } else if (said === 'config') {
        session.values = { ...session.values, mode: 'code' };
        update(sessionId, { sessionUpdate: 'config_option_update', configOptions: configOptions(session.values) });
        answer = 'Mode is now code.';
    } else if (said === 'ask' || said === 'ask-then-link') {
        if (said === 'ask-then-link') { // text, a form, then a `command:` link in the same turn (issue 29 part 1c)
            update(sessionId, { sessionUpdate: 'agent_message_chunk', content: text('Before the form. ') });
        }
        const reply = await Promise.race([request('elicitation/create', {
            sessionId, mode: 'form', message: 'Which colour?',
            requestedSchema: { type: 'object', required: ['colour'], properties: {
                colour: { type: 'string', title: 'Colour', enum: ['red', 'blue'] }, shade: { type: 'number', title: 'Shade' } } }
        }), cancelled.then(() => ({ action: 'cancel' }))]).catch(error => ({ error: error.message }));
        if (said === 'ask-then-link') { // at once: no thought in between ends the text before the form
            update(sessionId, { sessionUpdate: 'agent_message_chunk', content: text(`After the form: ${TERMINAL_LINK}`) });
        }
        answer = said === 'ask' ? `Answer: ${JSON.stringify(reply)}` : 'Done.';
    } else if (said === 'ask-link') {
        const reply = await request('elicitation/create', {
            sessionId, mode: 'url', elicitationId: 'link-1', message: 'Authorise the test service', url: 'https://auth.example.test/authorise?step=1'
        }).catch(error => ({ error: error.message }));
        answer = `Answer: ${JSON.stringify(reply)}`;
    } else if (said === 'capabilities') {
        answer = JSON.stringify(clientCapabilities);
    } else if (said.startsWith('wait ')) { // "wait <name>": a turn that runs until the file <store>/<name> exists, or is cancelled
        const flag = path.join(STORE, said.slice('wait '.length).trim());
        update(sessionId, { sessionUpdate: 'agent_message_chunk', content: text('Working… ') });
        let over = false;
        const polled = (async () => {
            while (!over && !fs.existsSync(flag)) {
                await new Promise(resolve => setTimeout(resolve, 20));
            }
            return 'done';
        })();
        const outcome = await Promise.race([polled, cancelled.then(() => 'cancelled')]);
        over = true;
        if (outcome === 'cancelled') {
            return { stopReason: 'cancelled' };
        }
        answer = `Done waiting: ${said}`;
    } else {
        answer = `Echo: ${said}`;
    }
    update(sessionId, { sessionUpdate: 'agent_thought_chunk', content: text(`Thinking about: ${said}`) });
    update(sessionId, { sessionUpdate: 'agent_message_chunk', content: text(answer) });
    session.history.push({ user: said, agent: answer });
    session.title ??= said;
    session.updatedAt = new Date().toISOString();
    write(session);
    return { stopReason: 'end_turn' };
}

const handlers = {
    initialize: params => {
        clientCapabilities = params.clientCapabilities ?? {};
        const sessionCapabilities = Object.fromEntries(['list', 'resume', 'close', 'delete'].filter(cap => CAPS.has(cap)).map(cap => [cap, {}]));
        const authMethods = !LOGIN_MARKER ? [] : [
            ...clientCapabilities.auth?.terminal ? [{ id: 'terminal-login', name: 'Log in in a terminal', description: 'Runs this agent\'s own login',
                type: 'terminal', args: ['--login'], env: { SESSION_AGENT_LOGIN_MARKER: LOGIN_MARKER } }] : [],
            { id: 'agent-login', name: 'Log in here', description: 'The agent signs in by itself' },
            ...AUTH_METHODS ? JSON.parse(fs.readFileSync(AUTH_METHODS, 'utf8')) : []
        ];
        return { protocolVersion: 1, agentInfo: { name: 'session-acp-agent', version: '1.0.0' }, authMethods,
            agentCapabilities: { loadSession: CAPS.has('load'), sessionCapabilities, promptCapabilities: { embeddedContext: true } } };
    },
    authenticate: ({ methodId }) => {
        if (methodId !== 'agent-login' || !LOGIN_MARKER) {
            throw fail(-32602, `No such sign-in method: ${methodId}`);
        }
        fs.writeFileSync(LOGIN_MARKER, 'signed in\n');
        return {};
    },
    'session/new': ({ cwd }) => {
        signedIn();
        const session = { sessionId: `s-${crypto.randomUUID()}`, cwd, history: [], values: {}, updatedAt: new Date().toISOString() };
        write(session);
        opened(session.sessionId);
        return { sessionId: session.sessionId, configOptions: configOptions(session.values) };
    },
    'session/load': async ({ sessionId, cwd }) => {
        signedIn();
        const session = known(sessionId);
        if (session.cwd !== cwd) {
            throw fail(-32602, `Session ${sessionId} belongs to ${session.cwd}`);
        }
        for (const turn of session.history) {
            update(sessionId, { sessionUpdate: 'user_message_chunk', content: text(turn.user) });
            update(sessionId, { sessionUpdate: 'agent_thought_chunk', content: text(`Thinking about: ${turn.user}`) });
            update(sessionId, { sessionUpdate: 'agent_message_chunk', content: text(turn.agent) });
        }
        opened(sessionId);
        return { configOptions: configOptions(session.values) };
    },
    'session/resume': ({ sessionId }) => {
        signedIn();
        const session = known(sessionId);
        opened(sessionId);
        return { configOptions: configOptions(session.values) };
    },
    'session/list': ({ cwd, cursor }) => {
        const all = fs.readdirSync(STORE).filter(name => name.endsWith('.json')).map(name => JSON.parse(fs.readFileSync(path.join(STORE, name), 'utf8')))
            .filter(session => !cwd || session.cwd === cwd)
            .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.sessionId.localeCompare(b.sessionId));
        const start = cursor ? Number(cursor) : 0;
        const page = all.slice(start, start + PAGE_SIZE);
        return {
            sessions: page.map(({ sessionId, cwd: folder, title, updatedAt }) => ({ sessionId, cwd: folder, title: title ?? null, updatedAt })),
            ...start + PAGE_SIZE < all.length ? { nextCursor: String(start + PAGE_SIZE) } : {}
        };
    },
    'session/close': ({ sessionId }) => {
        if (!open.delete(sessionId)) {
            throw fail(-32002, `Session not open: ${sessionId}`);
        }
        return {};
    },
    'session/delete': ({ sessionId }) => {
        known(sessionId);
        fs.rmSync(file(sessionId));
        open.delete(sessionId);
        return {};
    },
    'session/set_config_option': ({ sessionId, configId, value }) => {
        const session = live(sessionId);
        const option = configOptions(session.values).find(candidate => candidate.id === configId);
        if (!option || (option.type === 'select' ? !option.options.some(choice => choice.value === value) : typeof value !== 'boolean')) {
            throw fail(-32602, `No such choice: ${configId} = ${value}`);
        }
        session.values = { ...session.values, [configId]: value };
        write(session);
        return { configOptions: configOptions(session.values) };
    },
    'session/prompt': prompt
};

!process.argv.includes('--login') && readline.createInterface({ input: process.stdin }).on('line', async line => {
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
    if (LOG) {
        fs.appendFileSync(LOG, `${message.method}\n`);
    }
    if (message.method === 'session/cancel') {
        open.get(message.params.sessionId)?.cancel?.();
        return;
    }
    if (message.id === undefined || message.method === HANG) {
        return;
    }
    while (message.method === HOLD && !fs.existsSync(HOLD_FLAG)) {
        await new Promise(resolve => setTimeout(resolve, 20));
    }
    const handler = handlers[message.method];
    if (!handler || (message.method === 'session/load' && !CAPS.has('load'))) {
        send({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
        return;
    }
    try {
        send({ id: message.id, result: await handler(message.params) });
    } catch (error) {
        send({ id: message.id, error: { code: error.code ?? -32603, message: error.message } });
    }
}).on('close', () => process.exit(0));
