// Where a first token's time goes, hop by hop (acp-chat-latency.mjs --hops): a copy of the built browser-app whose
// backend stamps three moments into a file: the prompt's arrival from the page (AcpChatServiceImpl.prompt), each
// session/update's arrival from the agent (the update-ordered client), and each batch's departure to the page
// (SessionUpdateBatches' sender). The stamps use the bench's clock (performance.timeOrigin + performance.now()).
// The copy is made like support/patch-variants.mjs, from the development or the production build: three replacements
// in its backend bundle; when one is not there exactly once, the variant cannot be made and says so.
import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_APP, REPO_ROOT } from '../../test/support/theia-app.mjs';
import { linkedAppCopy } from './linked-app-copy.mjs';

const stamp = (file, fields) => `require('fs').appendFileSync(${JSON.stringify(file)}, JSON.stringify([${fields}]) + '\\n');`;
const now = 'performance.timeOrigin + performance.now()';

/** Where the stamps go, found in the development bundle and in the minified production one alike. */
const POINTS = [
    {
        what: 'AcpChatServiceImpl.prompt',
        pattern: /async prompt\((\w+), ?(\w+), ?(\w+)\) ?\{(?=\s*(?:const|let) \w+ ?= ?this\.sessions\.live\()/g,
        replace: (file, match) => `${match} ${stamp(file, `'prompt', ${now}`)}`
    },
    {
        what: 'the update-ordered client\'s onSessionUpdate',
        pattern: /return ?\((\w+), ?(\w+), ?(\w+)\) ?=> ?(\w+)\.add\(\1, ?\2, ?\3\);?/g,
        replace: (file, match, a, b, update, batches) =>
            `return (${a}, ${b}, ${update}) => { ${stamp(file, `'update', ${now}, ${update}?.sessionUpdate`)} ${batches}.add(${a}, ${b}, ${update}); };`
    },
    {
        what: 'the SessionUpdateBatches sender',
        pattern: /\(\((\w+), ?(\w+), ?(\w+)\) ?=> ?(\w+)\?\.onSessionUpdates\(\1, ?\2, ?\3\)\)/g,
        replace: (file, match, a, b, updates, client) =>
            `((${a}, ${b}, ${updates}) => { ${stamp(file, `'sent', ${now}, ${updates}.map(u => u?.sessionUpdate)`)} ${client}?.onSessionUpdates(${a}, ${b}, ${updates}); })`
    }
];

/** Makes (again) bench/.variants/chat-hop-trace/ from `from` (a built app), writing its stamps to `traceFile`; returns its folder. */
export function makeHopTraceVariant(traceFile, from = BROWSER_APP) {
    const app = path.join(REPO_ROOT, 'bench', '.variants', 'chat-hop-trace');
    linkedAppCopy(from, app, ['lib/backend/main.js']);
    let main = fs.readFileSync(path.join(from, 'lib', 'backend', 'main.js'), 'utf8');
    for (const point of POINTS) {
        const found = main.match(point.pattern)?.length ?? 0;
        if (found !== 1) {
            throw new Error(`The backend bundle holds ${point.what} ${found} times, not once: update bench/support/hop-trace.mjs.`);
        }
        main = main.replace(point.pattern, (...match) => point.replace(traceFile, ...match));
    }
    fs.writeFileSync(path.join(app, 'lib', 'backend', 'main.js'), main);
    fs.rmSync(traceFile, { force: true });
    return app;
}

/**
 * Each round's hops, from its page stamps (bench clock) and the backend's: click → the prompt at the backend → the
 * model request at the fake → the agent's first message chunk at the backend → its batch leaves → seen in the page.
 */
export function hopsOf(traceFile, rounds) {
    const stamps = fs.existsSync(traceFile) ? fs.readFileSync(traceFile, 'utf8').split('\n').filter(Boolean).map(line => JSON.parse(line)) : [];
    return rounds.map(({ clickAt, modelAt, seenAt }) => {
        const within = stamps.filter(([, at]) => at >= clickAt && at <= seenAt);
        const prompt = within.find(([kind]) => kind === 'prompt')?.[1];
        const chunkIn = within.find(([kind, at, type]) => kind === 'update' && type === 'agent_message_chunk' && at >= modelAt)?.[1];
        const chunkOut = within.find(([kind, at, types]) => kind === 'sent' && types.includes('agent_message_chunk') && at >= (chunkIn ?? Infinity))?.[1];
        const hop = (from, to) => from !== undefined && to !== undefined ? to - from : undefined;
        return {
            toBackend: hop(clickAt, prompt), toModel: hop(prompt, modelAt), agentAnswers: hop(modelAt, chunkIn),
            inBackend: hop(chunkIn, chunkOut), toScreen: hop(chunkOut, seenAt)
        };
    });
}
