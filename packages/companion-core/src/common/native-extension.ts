/**
 * Set by an adapter that runs in the host's backend (value: the backend's pid). The host's extension
 * process inherits it, so an extension-API adapter running there knows that a native adapter already
 * serves this window and stays idle: one companion server per window, never two.
 */
export const NATIVE_EXTENSION_ENV = 'AI_CLI_COMPANION_NATIVE_BACKEND';
