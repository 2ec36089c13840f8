// A Theia app whose terminals run the real `copilot` (BYOK against the fake OpenAI API, offline), and the
// wait for "Run Copilot CLI in Terminal" to be connected and at its prompt. Used by the e2e specs.
import fs from 'node:fs';
import path from 'node:path';
import { openTheiaForCli } from './cli-in-theia.mjs';
import { findCliBinary } from './cli-pty.mjs';
import { COPILOT_READY, CopilotFakeApi, copilotEnv, copilotHomeFiles, copilotLog } from './copilot-cli.mjs';
import { removeTempRoot } from './theia-app.mjs';
import { waitUntil } from './wait.mjs';

/** The app, the fake and a window; `logDir` holds the CLI's own debug log (its connection barrier). */
export async function openTheiaForCopilot({ prefix, workspaceFiles }) {
    const loader = findCliBinary('copilot', '@github/copilot'); // fails with the install command if missing
    let logDir;
    const setup = await openTheiaForCli({
        prefix,
        workspaceFiles,
        homeFiles: copilotHomeFiles,
        startFake: () => CopilotFakeApi.start(),
        // `copilot` on the terminals' PATH logs its IDE traffic where the test can read it.
        extraPath: ({ root }) => {
            const bin = path.join(root, 'bin');
            logDir = path.join(root, 'copilot-logs');
            fs.mkdirSync(bin, { recursive: true });
            fs.writeFileSync(path.join(bin, 'copilot'), `#!/bin/sh\nexec "${process.execPath}" "${loader}" --log-level debug --log-dir "${logDir}" "$@"\n`, { mode: 0o755 });
            return [bin];
        },
        env: api => copilotEnv(api)
    });
    // The CLI writes its log and session state as it exits, after the backend stopped its terminal: wait for
    // it before the folder goes (and so check that no copilot outlives the app).
    setup.close = async () => {
        const pids = processesMentioning(logDir);
        await setup.window?.close();
        await setup.browser?.close();
        await setup.backend?.stop();
        await waitUntil(() => pids.every(pid => !running(pid)), { timeout: 30_000, what: `copilot (pids ${pids.join(', ')}) to exit with its terminal` });
        await setup.fake?.close();
        removeTempRoot(setup.root);
    };
    return { ...setup, logDir };
}

/** Alive and not a zombie (a process whose parent died may wait for a reaper that never comes in a container). */
function running(pid) {
    try {
        return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
        return false;
    }
}

/** Processes whose command line holds `text` (here: the CLI's log folder, which only our `copilot` is given). */
function processesMentioning(text) {
    return fs.readdirSync('/proc').filter(name => /^\d+$/.test(name)).map(Number).filter(pid => {
        try {
            return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
        } catch {
            return false; // gone meanwhile
        }
    });
}

/** Waits until the window counts Copilot CLI, the CLI's log says it connected, and it shows its prompt. */
export async function waitForCopilotInTerminal(window, logDir, diagnostics) {
    await waitUntil(async () => (await window.statusBarText()).includes('Copilot CLI'),
        { timeout: 90_000, what: 'Copilot CLI to connect to the window', diagnostics });
    await waitUntil(() => copilotLog(logDir).includes('Connected to IDE MCP server'),
        { timeout: 60_000, what: 'the CLI to connect to the IDE', diagnostics });
    await waitUntil(async () => COPILOT_READY.test(await window.terminalText()), { timeout: 60_000, what: 'the copilot prompt', diagnostics });
}
