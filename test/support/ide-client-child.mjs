// Runs the real IdeClient of @google/gemini-cli-core in its own process: the client is a
// process-wide singleton that reads os.tmpdir(), the cwd and the env once. The parent drives it
// over IPC: {id, command, args} in, {id, result | error} and {event, ...} out.
import { IdeClient, ideContextStore } from '@google/gemini-cli-core';

// IdeClient.openDiff chains `promise.finally(release)`, which rethrows a rejected diff as an
// unhandled rejection; the real CLI has a global handler for that, so this process needs one too.
process.on('unhandledRejection', () => undefined);

const client = await IdeClient.getInstance();
client.addStatusChangeListener(state => process.send({ event: 'status', status: state.status, details: state.details ?? null }));
ideContextStore.subscribe(context => process.send({ event: 'context', context: context ?? null }));

const commands = {
    connect: async () => {
        await client.connect({ logToConsole: false });
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

function describe() {
    const state = client.getConnectionStatus();
    return {
        status: state.status,
        details: state.details ?? null,
        ide: client.getDetectedIdeDisplayName() ?? null,
        diffing: client.isDiffingEnabled()
    };
}

process.on('message', async ({ id, command, args }) => {
    try {
        const result = await commands[command](args ?? {});
        process.send({ id, result: result ?? null });
    } catch (error) {
        process.send({ id, error: String(error?.stack ?? error) });
    }
});
process.send({ event: 'ready' });
