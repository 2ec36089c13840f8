export * from './copilot-ide-server';
export * from './copilot-ide-tools';
export * from './copilot-ide-wire';
export * from './copilot-lock-file';
export * from './copilot-nonce-guard';
