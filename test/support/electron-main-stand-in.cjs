// Stands in for Theia's Electron main process (ElectronMainApplication.startBackend, theia-guide §7.4),
// which cannot run here without the Electron binary: forks the Electron app's backend the same way
// (detached, THEIA_ELECTRON_VERSION, the security token in its env), reports the port it listens on,
// and on SIGTERM does what the app's 'quit' does: SIGTERM the backend, wait for it, exit.
// Usage: node electron-main-stand-in.cjs <backend main.js> [backend args…]; messages { port, backendPid }.
const { fork } = require('child_process');

const [backendMain, ...args] = process.argv.slice(2);
process.env.THEIA_ELECTRON_VERSION = '42.3.0';
const backend = fork(backendMain, args, {
    detached: process.platform !== 'win32',
    env: { ...process.env, THEIA_ELECTRON_TOKEN: process.env.STAND_IN_ELECTRON_TOKEN },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc']
});
backend.on('message', address => process.send?.({ port: address.port, backendPid: backend.pid }));
backend.on('exit', code => process.exit(code ?? 0));
process.on('SIGTERM', () => {
    if (backend.exitCode === null && backend.signalCode === null) {
        process.kill(backend.pid);
    }
});
