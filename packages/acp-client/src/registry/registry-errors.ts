/** An install or update that did not happen; the message says why and what to do. Nothing was left behind. */
export class RegistryInstallError extends Error { }

/** `uvx` is needed and missing. */
export class UvNotFoundError extends RegistryInstallError {
    constructor(agentName: string) {
        super(`${agentName} runs through uvx, and neither uvx nor uv is on PATH. Install uv ` +
            '(https://docs.astral.sh/uv/getting-started/installation/, e.g. "pipx install uv" or your package manager\'s "uv"), then try again.');
    }
}

/**
 * The registry's entry is not the one the user confirmed (it changed between the dialog and the install,
 * or the update): nothing was downloaded or written. The user looks again and confirms what it says now.
 */
export class RegistryChangedError extends RegistryInstallError { }
