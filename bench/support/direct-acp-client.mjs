// A direct ACP client (`@agentclientprotocol/sdk`) of one `gemini --acp` on a fake Gemini API: the
// baseline a GUI would get with nothing of ours in between. No file system, no terminal; any
// permission request is answered `cancelled`.
import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { cleanProcessEnv } from '../../test/support/cli-home.mjs';
import { findCliBinary } from '../../test/support/cli-pty.mjs';
import { require } from './common.mjs';

/** `home` is a CliHome already set up for gemini; `now` is the clock the samples are taken with. */
export async function startDirectGeminiClient(fake, home, now) {
    const acp = await import(require.resolve('@agentclientprotocol/sdk'));
    const child = spawn(findCliBinary('gemini', '@google/gemini-cli'), ['--acp'], {
        cwd: home.workspace, stdio: ['pipe', 'pipe', 'ignore'], detached: true,
        env: { ...cleanProcessEnv(), ...home.env, GEMINI_API_KEY: 'fake-gemini-key-0123456789', GOOGLE_GEMINI_BASE_URL: fake.baseUrl, REMOTE_CONTAINERS: 'true' }
    });
    let onChunk;
    const app = acp.client({ name: 'bench-direct' })
        .onRequest('session/request_permission', () => ({ outcome: { outcome: 'cancelled' } }))
        .onNotification('session/update', ({ params }) => {
            if (params.update.sessionUpdate === 'agent_message_chunk' && params.update.content?.text) {
                onChunk?.();
            }
        })
        .onRequest('*', ({ method }) => { throw acp.RequestError.methodNotFound(method); })
        .onNotification('*', () => undefined);
    const connection = app.connect(acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout)));
    await connection.agent.request('initialize', {
        protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false }
    });
    const { sessionId } = await connection.agent.request('session/new', { cwd: home.workspace, mcpServers: [] });
    return {
        /** ms from sending the prompt to the first text chunk; waits for the end of the turn. */
        async firstContent(message) {
            const started = now();
            let first;
            onChunk = () => { first ??= now() - started; };
            await connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: message }] });
            return first;
        },
        stop() {
            child.stdin.end();
            try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
        }
    };
}
