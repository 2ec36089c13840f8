#!/usr/bin/env node
// The soak's ACP agent (no model behind it): NDJSON JSON-RPC on stdio. "stream <n> <kb>" answers with <kb> KB of
// markdown in 1 KB chunks, then "turn <n> done"; "die" exits mid-turn, as a crashing agent does.
import readline from 'node:readline';

const send = message => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const say = (sessionId, text) => send({
    method: 'session/update', params: { sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } } }
});
let sessions = 0;
const LINE = 'Soak text that a long day of chat turns streams, word by word, into the chat view. ';

async function prompt({ sessionId, prompt: blocks }) {
    // The user's words are the last text block: a restarted agent's first prompt starts with the chat's earlier
    // conversation, which holds the "die" that crashed the one before.
    const text = blocks.filter(block => block.type === 'text').at(-1)?.text ?? '';
    const [verb, turn, kb] = text.trim().split(/\s+/).slice(-3);
    if (verb === 'die' || text.includes(' die')) {
        process.exit(3);
    }
    if (verb === 'stream') {
        const chunk = `${LINE.repeat(Math.ceil(1024 / LINE.length)).slice(0, 1023)}\n`;
        for (let i = 0; i < Number(kb); i++) {
            say(sessionId, i % 8 === 7 ? `${chunk}\n` : chunk); // a paragraph every 8 KB, as real answers have
            await new Promise(resolve => setImmediate(resolve));
        }
        say(sessionId, `\nturn ${turn} done`);
    } else {
        say(sessionId, `echo: ${text}`);
    }
    return { stopReason: 'end_turn' };
}

const handlers = {
    initialize: () => ({ protocolVersion: 1, agentInfo: { name: 'soak-acp-agent', version: '1.0.0' }, authMethods: [], agentCapabilities: {} }),
    'session/new': () => ({ sessionId: `soak-${process.pid}-${++sessions}` }),
    'session/prompt': prompt
};

readline.createInterface({ input: process.stdin }).on('line', async line => {
    const message = line.trim() ? JSON.parse(line) : {};
    const handler = handlers[message.method];
    if (message.id === undefined || message.method === undefined) {
        return;
    }
    try {
        if (!handler) {
            throw Object.assign(new Error(`Method not found: ${message.method}`), { code: -32601 });
        }
        send({ id: message.id, result: await handler(message.params) });
    } catch (error) {
        send({ id: message.id, error: { code: error.code ?? -32603, message: error.message } });
    }
}).on('close', () => process.exit(0));
