// Codex CLI's `/ide`: its IDE socket (framing, router, membership, the `ide-context` answer).
export * from './codex-clients';
export * from './codex-ide-context';
export * from './codex-ide-handler';
export * from './codex-ipc-frames';
export * from './codex-ipc-messages';
export * from './codex-ipc-router';
export * from './codex-ipc-service';
export * from './codex-ipc-sockets';
export * from './codex-ipc-socket-path';
export * from './codex-processes';
