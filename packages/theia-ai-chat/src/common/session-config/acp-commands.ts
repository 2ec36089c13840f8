/** A slash command an agent offers (`available_commands_update`), as the chat offers it on `/`. */
export interface AcpAvailableCommand {
    readonly name: string;
    readonly description?: string;
}

/**
 * The well-formed entries of an agent's `availableCommands` (a sloppy or hostile agent's others are dropped);
 * undefined when it is not a list at all. Every path that offers an agent's commands reads them through this.
 */
export function readAvailableCommands(value: unknown): AcpAvailableCommand[] | undefined {
    if (!Array.isArray(value)) {
        return undefined;
    }
    return value
        .filter((command): command is { name: string; description?: unknown } => typeof (command as { name?: unknown } | null)?.name === 'string')
        .map(({ name, description }) => ({ name, description: typeof description === 'string' ? description : undefined }));
}
