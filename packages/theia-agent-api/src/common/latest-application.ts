/**
 * The latest application of a window's settings, for readers that must never report a state that was
 * not applied yet: until the first application starts, `settled()` waits for it.
 */
export class LatestApplication {
    private latest: Promise<void> | undefined;
    private readonly firstStarted: Promise<void>;
    private markFirstStarted!: () => void;

    constructor() {
        this.firstStarted = new Promise(resolve => this.markFirstStarted = resolve);
    }

    /** Starts an application; a later one replaces it as what `settled()` waits for. */
    run(apply: () => Promise<void>): Promise<void> {
        const next = apply();
        this.latest = next;
        this.markFirstStarted();
        return next;
    }

    /** Resolves once the latest application (started by now, or the first one still to come) is done. */
    async settled(): Promise<void> {
        await this.firstStarted;
        await this.latest;
    }
}
