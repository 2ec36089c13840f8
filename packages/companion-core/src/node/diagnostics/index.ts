// Diagnose Connection: every check the CLIs' own errors point at, for any editor.
export * from './connection-diagnostics';
