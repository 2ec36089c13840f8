import type * as acp from '@agentclientprotocol/sdk';

/** Usage as the agent last reported it (`usage_update`): tokens in context, the context's size, the cost. */
export type SessionUsage = Omit<acp.UsageUpdate, '_meta'>;

/**
 * Per session: the agent's current `configOptions` (set by new/load/resume, replaced whole by every
 * `config_option_update` and every `session/set_config_option` answer), its last usage report and its last
 * slash commands (sent once, often right after the session opened: a client that takes the session over
 * later, or a reloaded window, still needs them).
 */
export class SessionStates {
    private readonly configOptions = new Map<string, acp.SessionConfigOption[]>();
    private readonly usage = new Map<string, SessionUsage>();
    private readonly commands = new Map<string, acp.AvailableCommand[]>();

    configOptionsOf(sessionId: string): acp.SessionConfigOption[] | undefined {
        return this.configOptions.get(sessionId);
    }

    usageOf(sessionId: string): SessionUsage | undefined {
        return this.usage.get(sessionId);
    }

    commandsOf(sessionId: string): acp.AvailableCommand[] | undefined {
        return this.commands.get(sessionId);
    }

    /** From a new/load/resume answer; an agent that reports none keeps none. */
    started(sessionId: string, state: { configOptions?: acp.SessionConfigOption[] | null }): void {
        this.setConfigOptions(sessionId, state.configOptions ?? undefined);
    }

    setConfigOptions(sessionId: string, options: acp.SessionConfigOption[] | undefined): void {
        if (options) {
            this.configOptions.set(sessionId, options);
        } else {
            this.configOptions.delete(sessionId);
        }
    }

    observe(sessionId: string, update: acp.SessionUpdate): void {
        if (update.sessionUpdate === 'config_option_update') {
            this.configOptions.set(sessionId, update.configOptions);
        } else if (update.sessionUpdate === 'usage_update') {
            this.usage.set(sessionId, { used: update.used, size: update.size, ...(update.cost ? { cost: update.cost } : {}) });
        } else if (update.sessionUpdate === 'available_commands_update' && Array.isArray(update.availableCommands)) {
            this.commands.set(sessionId, update.availableCommands);
        }
    }

    forget(sessionId: string): void {
        this.configOptions.delete(sessionId);
        this.usage.delete(sessionId);
        this.commands.delete(sessionId);
    }
}
