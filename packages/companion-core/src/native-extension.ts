/**
 * Set by the native Theia extension in its backend's environment (value: the backend's pid). Theia's
 * plugin host inherits it, so the VS Code-API adapter running there knows that the native extension
 * already serves this window and stays idle: one companion server per window, never two.
 */
export const NATIVE_EXTENSION_ENV = 'AI_CLI_COMPANION_THEIA_BACKEND';
