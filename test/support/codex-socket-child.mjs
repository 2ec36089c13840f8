// The Codex IDE socket alone in a child process, so a test can tell a crash (the child exits) from a
// refusal: it owns `<root>/tmp/codex-ipc/ipc.sock` with one window over `<root>/workspace`, a small frame
// cap (256 KiB) so oversized frames are cheap to send. Prints one JSON line once it serves.
import path from 'node:path';
import { CodexIpcService } from '@ai-cli-companion/core/node';

const root = process.argv[2];
const workspace = path.join(root, 'workspace');
const service = new CodexIpcService({ socketPath: path.join(root, 'tmp', 'codex-ipc', 'ipc.sock'), maxFrameBytes: 256 * 1024, discoveryTimeoutMs: 200 });
service.addWindow({
    roots: () => [workspace],
    context: () => ({ workspaceState: { openFiles: [{ path: path.join(workspace, 'a.ts'), timestamp: 1, isActive: true, selectedText: 'fuzz' }] } })
});
await service.start();
process.stdout.write(`${JSON.stringify({ socketPath: service.socketPath, role: service.status().role })}\n`);
process.on('SIGTERM', () => void service.stop().then(() => process.exit(0)));
