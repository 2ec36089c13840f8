import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { AcpChatAgentConfig } from '../../common/acp-chat-protocol';
import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { AGENTS_PREFERENCE } from '../../common/acp-chat-preferences';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { AcpChatServiceImpl } from '../session/chat-service-impl';
import { confineAgentPath, readAgentFile, writeAgentFile } from './workspace-files';
import { textsClient } from '../../test/agent-texts';
import { specChatBackend } from '../../test/chat-backend';

const TINY_AGENT = path.resolve(__dirname, '../../../../../test/support/tiny-acp-agent.mjs');
/** Node's thread pool: a blocking open of a FIFO would hold one of these threads until a writer comes. */
const THREAD_POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE ?? 4);

/** A workspace beside a folder outside it, each with a file. */
function makeWorkspace(prefix: string): { root: string; workspace: string; outside: string } {
    const root = tempFolder(prefix, { real: true });
    const workspace = path.join(root, 'ws');
    const outside = path.join(root, 'outside');
    fs.mkdirSync(path.join(workspace, 'sub'), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(workspace, 'notes.txt'), 'inside\n');
    fs.writeFileSync(path.join(workspace, 'sub', 'deep.txt'), 'deep inside\n');
    fs.writeFileSync(path.join(outside, 'notes.txt'), 'outside\n');
    fs.writeFileSync(path.join(outside, 'deep.txt'), 'outside\n');
    return { root, workspace, outside };
}

/** Opens each FIFO for writing (non-blocking: a reader exists if one is stuck), which lets a blocked reader go. */
function releaseFifos(fifos: string[]): void {
    for (const fifo of fifos) {
        try {
            fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
        } catch {
            // nobody was reading it
        }
    }
}

describe('the chat\'s fs/read_text_file and fs/write_text_file, done in the backend (acp-workspace-files)', () => {
    let root: string;
    let workspace: string;
    let outside: string;

    beforeEach(() => ({ root, workspace, outside } = makeWorkspace('acp-chat-files-')));
    afterEach(() => removeFolder(root));

    it('reads a workspace file, and a missing one as undefined', async () => {
        assert.equal(await readAgentFile(await confineAgentPath(path.join(workspace, 'notes.txt'), [workspace])), 'inside\n');
        assert.equal(await readAgentFile(await confineAgentPath(path.join(workspace, 'missing.txt'), [workspace])), undefined);
    });

    it('keeps the companion\'s confinement errors: outside, through `..`, through a link out', async () => {
        fs.symlinkSync(path.join(outside, 'notes.txt'), path.join(workspace, 'link-out.txt'));
        for (const requested of [path.join(outside, 'notes.txt'), path.join(workspace, '..', 'outside', 'notes.txt'), path.join(workspace, 'link-out.txt')]) {
            await assert.rejects(confineAgentPath(requested, [workspace]),
                (error: Error & { code: number }) => error.code === -32602 && /outside the workspace folders of this window/.test(error.message), requested);
        }
    });

    it('refuses a file larger than the limit, and a directory', async () => {
        fs.writeFileSync(path.join(workspace, 'big.txt'), 'x'.repeat(101));
        await assert.rejects(readAgentFile(await confineAgentPath(path.join(workspace, 'big.txt'), [workspace]), 100), /larger than the limit of 100 bytes/);
        await assert.rejects(readAgentFile(await confineAgentPath(path.join(workspace, 'sub'), [workspace])), /is a directory/);
        await assert.rejects(writeAgentFile(await confineAgentPath(path.join(workspace, 'new.txt'), [workspace]), 'x'.repeat(101), 100),
            /larger than the limit of 100 bytes/);
        assert.equal(fs.existsSync(path.join(workspace, 'new.txt')), false);
    });

    it('writes a new file, creating its folders, and replaces an existing one', async () => {
        await writeAgentFile(await confineAgentPath(path.join(workspace, 'a', 'b', 'new.txt'), [workspace]), 'new\n');
        assert.equal(fs.readFileSync(path.join(workspace, 'a', 'b', 'new.txt'), 'utf8'), 'new\n');
        await writeAgentFile(await confineAgentPath(path.join(workspace, 'notes.txt'), [workspace]), 'replaced\n');
        assert.equal(fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8'), 'replaced\n');
    });

    it('a file swapped for a link to an outside file after the check is neither read nor written through', async () => {
        const target = path.join(workspace, 'notes.txt');
        const file = await confineAgentPath(target, [workspace]);
        fs.rmSync(target);
        fs.symlinkSync(path.join(outside, 'notes.txt'), target);
        await assert.rejects(readAgentFile(file), /symbolic link/);
        await assert.rejects(writeAgentFile(file, 'agent text\n'), /symbolic link/);
        assert.equal(fs.readFileSync(path.join(outside, 'notes.txt'), 'utf8'), 'outside\n');
        assert.ok(fs.lstatSync(target).isSymbolicLink(), 'the link itself is left as it is');
    });

    it('a folder swapped for a link to an outside folder after the check is neither read nor written through', async () => {
        const existing = await confineAgentPath(path.join(workspace, 'sub', 'deep.txt'), [workspace]);
        const created = await confineAgentPath(path.join(workspace, 'sub', 'fresh.txt'), [workspace]);
        fs.renameSync(path.join(workspace, 'sub'), path.join(root, 'sub-moved'));
        fs.symlinkSync(outside, path.join(workspace, 'sub'));
        await assert.rejects(readAgentFile(existing), /changed while it was in use/);
        await assert.rejects(writeAgentFile(existing, 'agent text\n'), /symbolic link/);
        await assert.rejects(writeAgentFile(created, 'agent text\n'), /symbolic link/);
        assert.deepEqual(fs.readdirSync(outside).sort(), ['deep.txt', 'notes.txt']);
        assert.equal(fs.readFileSync(path.join(outside, 'deep.txt'), 'utf8'), 'outside\n');
    });
});

describe('AcpChatServiceImpl fs/* with a real ACP agent (the tiny agent of the tests)', () => {
    let root: string;
    let workspace: string;
    let outside: string;
    let hosts: AcpAgentHosts;
    let service: AcpChatServiceImpl;
    let fifos: string[] = [];
    const texts: string[] = [];
    const written: Array<{ path: string; before: string | undefined; content: string }> = [];
    /** The window's unsaved editor texts, by path; `onUnsavedTextAsked` runs while the backend waits for the answer. */
    const unsaved = new Map<string, string>();
    let onUnsavedTextAsked: (path: string) => void = () => undefined;
    const agent: AcpChatAgentConfig = { id: 'TinyAgent', displayName: 'Tiny agent', command: process.execPath, args: [TINY_AGENT] };

    beforeEach(() => {
        ({ root, workspace, outside } = makeWorkspace('acp-chat-fs-'));
        // The agent comes from the user's settings (the backend reads them itself).
        const preferences = { inspect: (name: string) => name === AGENTS_PREFERENCE ? { globalValue: [{ name: agent.id, command: agent.command, args: agent.args }] } : undefined };
        ({ hosts, service } = specChatBackend({ preferences }));
        texts.length = 0;
        written.length = 0;
        unsaved.clear();
        onUnsavedTextAsked = () => undefined;
        service.setClient(textsClient(texts, {
            onPermissionRequest: (_chat, _agent, request: AcpPermissionRequest) => void service.answerPermission(request.permissionId, 'allow'),
            onPermissionSettled: () => undefined,
            readUnsavedText: async (_chat, file) => {
                onUnsavedTextAsked(file);
                return unsaved.get(file);
            },
            onTextFileWritten: async (_chat, _agent, file, before, content) => {
                written.push({ path: file, before, content });
            }
        }));
    });

    afterEach(async () => {
        releaseFifos(fifos);
        fifos = [];
        await hosts.stopAll();
        removeFolder(root);
    });

    async function turn(chatSessionId: string, text: string): Promise<string> {
        const prepared = await service.prepare(chatSessionId, agent, [workspace]);
        assert.ok(!('error' in prepared), JSON.stringify(prepared));
        return JSON.stringify(await service.prompt(chatSessionId, agent.id, [{ type: 'text', text }]));
    }

    it('FIFOs in the workspace are refused at once and leave Node\'s thread pool free', async () => {
        fifos = Array.from({ length: THREAD_POOL_SIZE + 2 }, (_, index) => path.join(workspace, `pipe-${index}`));
        fifos.forEach(fifo => execFileSync('mkfifo', [fifo]));
        // One chat session each, all at once: more reads than the pool has threads.
        const results = await Promise.all(fifos.map((fifo, index) => turn(`chat-${index}`, `read ${fifo}`)));
        for (const result of results) {
            assert.match(result, /not a regular file/);
        }
        // Had any read held a thread, as many ordinary reads as the pool has threads could not all finish.
        const reads = await Promise.all(Array.from({ length: THREAD_POOL_SIZE }, () => fs.promises.readFile(path.join(workspace, 'notes.txt'), 'utf8')));
        assert.deepEqual(reads, Array(THREAD_POOL_SIZE).fill('inside\n'));
        await turn('chat-after', `read ${path.join(workspace, 'notes.txt')}`);
        assert.match(texts.join(''), /Read: inside/);
    });

    it('the window\'s reads for the change set (paths from the agent\'s tool calls) go through the same reader', async () => {
        const prepared = await service.prepare('chat-1', agent, [workspace]);
        assert.ok(!('error' in prepared), JSON.stringify(prepared));
        fifos = Array.from({ length: THREAD_POOL_SIZE + 2 }, (_, index) => path.join(workspace, `pipe-${index}`));
        fifos.forEach(fifo => execFileSync('mkfifo', [fifo]));
        fs.symlinkSync(path.join(outside, 'notes.txt'), path.join(workspace, 'link-out.txt'));
        const refused = [...fifos, path.join(outside, 'notes.txt'), path.join(workspace, 'link-out.txt'), path.join(workspace, 'missing.txt')];
        assert.deepEqual(await Promise.all(refused.map(file => service.readWorkspaceFile('chat-1', agent.id, file))), refused.map(() => undefined));
        const reads = await Promise.all(Array.from({ length: THREAD_POOL_SIZE }, () => fs.promises.readFile(path.join(workspace, 'notes.txt'), 'utf8')));
        assert.deepEqual(reads, Array(THREAD_POOL_SIZE).fill('inside\n'));
        assert.equal(await service.readWorkspaceFile('chat-1', agent.id, path.join(workspace, 'notes.txt')), 'inside\n');
        assert.equal(await service.readWorkspaceFile('chat-2', agent.id, path.join(workspace, 'notes.txt')), undefined, 'no such session');
    });

    it('a read sees an open editor\'s unsaved text, else the disk', async () => {
        unsaved.set(path.join(workspace, 'notes.txt'), 'unsaved words');
        await turn('chat-1', `read ${path.join(workspace, 'notes.txt')}`);
        await turn('chat-1', `read ${path.join(workspace, 'sub', 'deep.txt')}`);
        assert.match(texts.join(''), /Read: unsaved words.*Read: deep inside/s);
    });

    it('a write lands on disk and the window hears what it replaced (the unsaved text, else the disk\'s, else nothing)', async () => {
        unsaved.set(path.join(workspace, 'notes.txt'), 'unsaved words');
        await turn('chat-1', `write ${path.join(workspace, 'notes.txt')} from the agent`);
        await turn('chat-1', `write ${path.join(workspace, 'sub', 'deep.txt')} deeper`);
        await turn('chat-1', `write ${path.join(workspace, 'fresh.txt')} brand new`);
        assert.equal(fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8'), 'from the agent\n');
        assert.equal(fs.readFileSync(path.join(workspace, 'fresh.txt'), 'utf8'), 'brand new\n');
        assert.deepEqual(written, [
            { path: path.join(workspace, 'notes.txt'), before: 'unsaved words', content: 'from the agent\n' },
            { path: path.join(workspace, 'sub', 'deep.txt'), before: 'deep inside\n', content: 'deeper\n' },
            { path: path.join(workspace, 'fresh.txt'), before: undefined, content: 'brand new\n' }
        ]);
    });

    it('a file swapped for a link to an outside file during the round trip to the window is not written through', async () => {
        const target = path.join(workspace, 'notes.txt');
        onUnsavedTextAsked = file => {
            if (file === target && !fs.lstatSync(target).isSymbolicLink()) {
                fs.rmSync(target);
                fs.symlinkSync(path.join(outside, 'notes.txt'), target);
            }
        };
        const result = await turn('chat-1', `write ${target} from the agent`);
        assert.match(result, /symbolic link/);
        assert.equal(fs.readFileSync(path.join(outside, 'notes.txt'), 'utf8'), 'outside\n');
        assert.deepEqual(written, []);
    });

    it('a folder swapped for a link to an outside folder during the round trip to the window is not written into', async () => {
        const target = path.join(workspace, 'sub', 'fresh.txt');
        onUnsavedTextAsked = file => {
            if (file === target && !fs.lstatSync(path.join(workspace, 'sub')).isSymbolicLink()) {
                fs.renameSync(path.join(workspace, 'sub'), path.join(root, 'sub-moved'));
                fs.symlinkSync(outside, path.join(workspace, 'sub'));
            }
        };
        const result = await turn('chat-1', `write ${target} from the agent`);
        assert.match(result, /symbolic link/);
        assert.deepEqual(fs.readdirSync(outside).sort(), ['deep.txt', 'notes.txt']);
        assert.deepEqual(written, []);
    });
});
