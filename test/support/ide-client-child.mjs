// Runs the real IdeClient of @google/gemini-cli-core in its own process: the client is a
// process-wide singleton that reads os.tmpdir(), the cwd and the env once. The parent drives it
// over IPC: {id, command, args} in, {id, result | error} and {event, ...} out.
import { IdeClient, ideContextStore } from '@google/gemini-cli-core';
import { serveIpc } from './ipc.mjs';

// IdeClient.openDiff chains `promise.finally(release)`, which rethrows a rejected diff as an
// unhandled rejection; the real CLI has a global handler for that, so this process needs one too.
process.on('unhandledRejection', () => undefined);

const client = await IdeClient.getInstance();
client.addStatusChangeListener(state => process.send({ event: 'status', status: state.status, details: state.details ?? null }));
ideContextStore.subscribe(context => process.send({ event: 'context', context: context ?? null }));

const commands = {
    connect: async () => {
        await client.connect({ logToConsole: false });
        observeNotifications();
        return describe();
    },
    describe: async () => describe(),
    openDiff: ({ filePath, newContent }) => client.openDiff(filePath, newContent),
    closeDiff: ({ filePath, options }) => client.closeDiff(filePath, options),
    context: async () => ideContextStore.get() ?? null,
    disconnect: async () => {
        await client.disconnect();
        return describe();
    }
};

/**
 * Reports every notification the IDE sends (ide/contextUpdate, ide/diffAccepted, ide/diffRejected…)
 * as a {event: 'notification', method, params} event, before the client handles it: a test can then
 * tell "no notification came" from "a notification came and the client ignored it".
 */
function observeNotifications() {
    const transport = client.client?.transport;
    if (!transport || transport.__observed) {
        return;
    }
    const handle = transport.onmessage;
    transport.onmessage = (message, extra) => {
        if (message && typeof message.method === 'string' && message.id === undefined) {
            process.send({ event: 'notification', method: message.method, params: message.params ?? null });
        }
        return handle?.call(transport, message, extra);
    };
    transport.__observed = true;
}

function describe() {
    const state = client.getConnectionStatus();
    return {
        status: state.status,
        details: state.details ?? null,
        ide: client.getDetectedIdeDisplayName() ?? null,
        diffing: client.isDiffingEnabled()
    };
}

serveIpc(commands);
process.send({ event: 'ready' });
