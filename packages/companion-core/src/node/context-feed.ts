import { Logger, silentLogger } from '@ai-cli-companion/node-base';
import { normalizeContext } from '../common/context-normalizer';
import { IdeContext, IdeNotificationMethods, assertValidNotification } from '../common/wire-schemas';

/**
 * The editor context every CLI of one server sees, transport-neutral: the last good context with the
 * workspace trust applied. Listeners (one per transport) turn it into their wire form.
 */
export class ContextFeed {
    private context: IdeContext = { workspaceState: { openFiles: [] } };
    private trusted: boolean | undefined;
    private normalized: IdeContext | undefined;
    private readonly listeners = new Set<() => void>();
    private readonly logger: Logger;
    private error: string | undefined;

    constructor(options: { logger?: Logger } = {}) {
        this.logger = options.logger ?? silentLogger;
    }

    /** What the CLIs see now: limits applied, trust set. */
    current(): IdeContext {
        this.normalized ??= normalizeContext(this.context, this.trusted);
        return this.normalized;
    }

    /** The last good context as the editor sent it, before limits (Claude Code reads its selection range). */
    latest(): IdeContext {
        return this.context;
    }

    /** The reason the last context was refused, if it was. */
    get lastError(): string | undefined {
        return this.error;
    }

    /**
     * Stores the editor context and announces it. A context the client's schema would reject (it would
     * disconnect the CLI) is refused here, once, and the last good one stays.
     */
    update(context: IdeContext): void {
        try {
            assertValidNotification({ method: IdeNotificationMethods.contextUpdate, params: normalizeContext(context, this.trusted) });
        } catch (error) {
            this.error = `Context not sent, it fails the client's schema: ${(error as Error).message}`;
            this.logger.error(this.error);
            return;
        }
        this.context = context;
        this.fire();
    }

    /** Workspace trust changed (undefined: the IDE has trust off, the CLI decides). Trust is a boolean, so it stays valid. */
    setTrust(trusted: boolean | undefined): void {
        this.trusted = trusted;
        this.fire();
    }

    /** Fires on every change; a listener reads `current()` only if it has someone to send it to. */
    onDidChange(listener: () => void): () => void {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    }

    private fire(): void {
        this.normalized = undefined;
        this.listeners.forEach(listener => listener());
    }
}
