// Facts about the CLIs on this machine: which process holds a session's connection, whether a command is installed.
export * from './cli-command-lookup';
export * from './cli-process-finder';
