// The soak's phases against the real backend and Chromium, with counts taken after each (see ../soak.mjs):
// chat turns streaming through an ACP agent, openDiff → accept cycles through the real IdeClient, agent crashes
// and restarts, window reloads. Shared by the bench (full size) and the CI spec (a tenth).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IdeClientProcess } from '../../test/support/ide-client-process.mjs';
import { TheiaChat } from '../../test/support/theia-chat.mjs';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, waitUntil, writeTree } from '../../test/support/theia-app.mjs';
import { BackendProbe, PageProbe } from './soak-probes.mjs';

const AGENT = fileURLToPath(new URL('./soak-acp-agent.mjs', import.meta.url));
export const FULL_PHASES = { turns: 300, diffs: 300, crashes: 50, reloads: 10 };
const TURNS_PER_CHAT = 10; // a user starts a new chat now and then; the old one is deleted, so its memory must go

/**
 * Runs `phases` (counts per phase; a phase counted 0 is left out, with its warm-up); `onPhase({ name, count, before, after, page })`
 * hears each phase's readings (`page` is the Playwright page, for a heap snapshot).
 */
export async function runSoak({ phases = FULL_PHASES, kbPerTurn = 20, onPhase = () => undefined, log = () => undefined }) {
    const root = makeTempRoot('soak-');
    const cleanup = [() => removeTempRoot(root)];
    try {
        const workspace = writeTree(path.join(root, 'workspace'), { 'src/value.ts': 'export const value = 0;\n' });
        const backend = await TheiaBackend.start({
            root, workspace, nodeArgs: ['--inspect=127.0.0.1:0'], unset: ['CI', 'XDG_CONFIG_HOME'],
            settings: { 'aiCliChat.agents': [{ name: 'SoakAgent', command: process.execPath, args: [AGENT], description: 'The soak\'s agent' }] }
        });
        cleanup.unshift(() => backend.stop());
        const discovery = await backend.waitForDiscoveryFile([workspace]);
        const browser = await launchChromium();
        cleanup.unshift(() => browser.close());
        const window = await TheiaWindow.open(browser, backend, workspace);
        cleanup.unshift(() => window.close());
        const chat = new TheiaChat(window);
        const chatting = phases.turns > 0 || phases.crashes > 0 || phases.reloads > 0;
        if (chatting) {
            await chat.open();
        }
        const client = await IdeClientProcess.start({ cwd: workspace, env: backend.ideClientEnv(discovery) });
        cleanup.unshift(() => client.stop());
        if ((await client.request('connect')).status !== 'connected') {
            throw new Error(`IdeClient did not connect:\n${client.output}`);
        }
        const backendProbe = await BackendProbe.attach(backend);
        cleanup.unshift(() => backendProbe.close());
        const pageProbe = await PageProbe.attach(window.page);
        const read = async () => ({ backend: await backendProbe.read(), page: await pageProbe.read() });
        const actions = chatActions(chat, log);
        const diffs = diffActions(window, client, path.join(workspace, 'src/value.ts'));

        // Warm-up: everything a phase starts lazily (the agent, the chat view's parts, the diff editor) exists before the first reading.
        if (phases.turns > 0) {
            await actions.turns(2, kbPerTurn);
        }
        if (phases.diffs > 0) {
            await diffs.cycles(2);
        }
        if (phases.crashes > 0) {
            await actions.crashes(1);
        }
        const steps = [
            ['chat turns', phases.turns, count => actions.turns(count, kbPerTurn)],
            ['openDiff → accept', phases.diffs, count => diffs.cycles(count)],
            ['agent crashes and restarts', phases.crashes, count => actions.crashes(count)],
            ['window reloads', phases.reloads, count => reloads(window, chat, count)]
        ].filter(([, count]) => count > 0);
        const results = [];
        for (const [name, count, run] of steps) {
            const before = await read();
            log(`${name}: ${count}…`);
            await run(count);
            const after = await settled(read, before);
            const result = { name, count, before, after };
            results.push(result);
            await onPhase({ ...result, page: window.page });
        }
        return results;
    } finally {
        for (const step of cleanup) {
            await Promise.resolve().then(step).catch(() => undefined);
        }
    }
}

/**
 * The reading once the backend has let go of what the phase used: a closed page's socket, a crashed agent's pipes and a
 * reloaded window's companion server (kept 30 s for the reload) go asynchronously. Gives up after 45 s with the last reading.
 */
async function settled(read, before) {
    const deadline = Date.now() + 45_000;
    for (;;) {
        const after = await read();
        const released = after.backend.descriptors <= before.backend.descriptors && after.backend.children <= before.backend.children;
        if (released || Date.now() > deadline) {
            return after;
        }
        await new Promise(resolve => setTimeout(resolve, 2_000));
    }
}

function chatActions(chat, log) {
    let turn = 0;
    const oneTurn = async text => {
        await chat.send(text);
        await chat.waitUntilIdle(60_000);
    };
    return {
        async turns(count, kb) {
            for (let i = 0; i < count; i++) {
                turn++;
                await oneTurn(`@SoakAgent stream ${turn} ${kb}`);
                await chat.waitForText(new RegExp(`turn ${turn} done`), 60_000);
                if (turn % TURNS_PER_CHAT === 0 || i === count - 1) {
                    await chat.deleteActiveSession();
                    await chat.input.waitFor({ state: 'visible', timeout: 30_000 });
                }
            }
            log(`  ${count} turns`);
        },
        async crashes(count) {
            for (let i = 0; i < count; i++) {
                await oneTurn('@SoakAgent die');
                await oneTurn('@SoakAgent after the crash'); // starts the agent again
                await chat.waitForText(/echo: .*after the crash/, 60_000);
                await chat.deleteActiveSession();
                await chat.input.waitFor({ state: 'visible', timeout: 30_000 });
            }
        }
    };
}

function diffActions(window, client, filePath) {
    let round = 0;
    return {
        async cycles(count) {
            for (let i = 0; i < count; i++) {
                round++;
                const proposal = `export const value = ${round};\n`;
                const answer = client.request('openDiff', { filePath, newContent: proposal });
                await window.acceptButton().waitFor({ state: 'visible', timeout: 30_000 });
                await window.acceptButton().click();
                const outcome = await answer;
                if (outcome?.status !== 'accepted') {
                    throw new Error(`openDiff #${round} ended ${JSON.stringify(outcome)}`);
                }
                await window.diffTab('src/value.ts').waitFor({ state: 'detached', timeout: 30_000 });
            }
        }
    };
}

async function reloads(window, chat, count) {
    for (let i = 0; i < count; i++) {
        await window.page.reload();
        await window.waitForShell(120_000);
        await waitUntil(async () => await chat.view.isVisible() || (await chat.open(), true), { what: 'the chat view', timeout: 60_000 });
    }
}
