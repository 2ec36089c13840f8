// What continuing a conversation costs after a restart (issue 23 part 12): a freshly started agent
// process, then the first answer of a chat that continues its earlier session, against a chat that starts
// fresh, measured in the same run. The real `qwen --acp` (which offers session/resume and session/load) runs
// through the chat's engine (packages/acp-client) against the loopback OpenAI fake.
//
//   node bench/chat-reattach.mjs [--runs=5] [--turns=20] [--json=out.json]
//
// Each round starts a new agent process for each path, in turn:
// - "fresh":   session/new, then the prompt;
// - "resumed": session/resume of a session with `--turns` earlier turns (what the chat does after a restart);
// - "loaded":  session/load of the same session, its replay taken (what Browse all chats… does for a listed session).
// A sample is ms from the start of the agent process to the first text chunk of the answer. The backend's own
// restart is the same for all three paths and is left out. Nothing is asserted: figures and ratios only.
import { createRequire } from 'node:module';
import { qwenAcpSettings } from '../test/support/agent-api-process.mjs';
import { cleanProcessEnv, CliHome } from '../test/support/cli-home.mjs';
import { findCliBinary } from '../test/support/cli-pty.mjs';
import { FakeOpenAiApi } from '../test/support/fake-openai-api.mjs';
import { fmt, hrtimeMs, median, numberArg, table, writeJsonResult } from './support/common.mjs';

const require = createRequire(import.meta.url);
const { WorkspaceAgent, agentProfile, silentLogger } = require('../packages/acp-client/lib/index.js');

const runs = numberArg('runs', 5);
const turns = numberArg('turns', 20);
const said = text => [{ type: 'text', text }];

function listener() {
    let onText;
    return {
        firstText: () => new Promise(resolve => { onText = resolve; }),
        onUpdate: update => {
            if (update.sessionUpdate === 'agent_message_chunk' && update.content?.text) {
                onText?.();
                onText = undefined;
            }
        },
        onPermission: async () => ({ outcome: { outcome: 'cancelled' } })
    };
}

const fake = await FakeOpenAiApi.start();
const home = CliHome.create('bench-reattach-');
home.setUpQwen(qwenAcpSettings());
const newAgent = () => new WorkspaceAgent({
    workspace: home.workspace, logger: silentLogger, scrub: text => text,
    profile: agentProfile('qwen'), command: findCliBinary('qwen', '@qwen-code/qwen-code'),
    environment: async () => ({ ...cleanProcessEnv(), ...home.env, ...fake.env('fake-openai-key-0123456789') })
});

/** ms from the agent's start to the first chunk of its answer, on a new process; `open` gives the session. */
async function timeFirstAnswer(open) {
    const agent = newAgent();
    try {
        const events = listener();
        const started = hrtimeMs();
        const sessionId = await open(agent, events);
        const first = events.firstText();
        fake.enqueue({ text: 'Answer after the restart.' });
        const turn = agent.prompt(sessionId, said('And now?'));
        await first;
        const ms = hrtimeMs() - started;
        await turn;
        return ms;
    } finally {
        await agent.stop();
    }
}

// The conversation the resumed and loaded paths continue: `turns` turns, made once.
const history = newAgent();
const { sessionId: earlier } = await history.openSession(listener());
for (let i = 0; i < turns; i++) {
    fake.enqueue({ text: `Answer ${i}: ${'words of an answer '.repeat(20)}` });
    await history.prompt(earlier, said(`Question ${i} about the code.`));
}
await history.stop();

const paths = {
    fresh: async (agent, events) => (await agent.openSession(events)).sessionId,
    resumed: async (agent, events) => {
        const attached = await agent.attachSession(events, { sessionId: earlier, prefer: 'resume' });
        if (attached.how !== 'resumed') {
            throw new Error(`qwen did not resume (${attached.how})`);
        }
        return attached.sessionId;
    },
    loaded: async (agent, events) => {
        const attached = await agent.attachSession(events, { sessionId: earlier, prefer: 'load' });
        if (attached.how !== 'loaded') {
            throw new Error(`qwen did not load (${attached.how})`);
        }
        return attached.sessionId;
    }
};
const samples = Object.fromEntries(Object.keys(paths).map(name => [name, []]));
try {
    await timeFirstAnswer(paths.fresh); // warm-up: the first start reads qwen's bundle from a cold cache
    for (let round = 0; round < runs; round++) {
        for (const [name, open] of Object.entries(paths)) {
            samples[name].push(await timeFirstAnswer(open));
        }
    }
} finally {
    await new Promise(resolve => fake.server.close(resolve));
    home.cleanup();
}

const fresh = median(samples.fresh);
console.log(`\n## Continuing a chat after a restart (real qwen --acp, ${turns} earlier turns, ${runs} interleaved rounds)\n`);
console.log(table([
    ['path', 'start → first answer, median ms', 'min', 'max', 'against fresh'],
    ...Object.entries(samples).map(([name, values]) => [name, fmt(median(values), 0), fmt(Math.min(...values), 0), fmt(Math.max(...values), 0), `${fmt(median(values) / fresh, 2)}×`])
]));
writeJsonResult({ runs, turns, samples, ratios: { resumed: median(samples.resumed) / fresh, loaded: median(samples.loaded) / fresh } });
