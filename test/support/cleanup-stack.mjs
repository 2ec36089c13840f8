/**
 * What a test started, undone in reverse order: the CLI before its endpoint, the endpoint before its
 * folders. A step that fails (or, with `stepTimeoutMs`, hangs) is warned about and never keeps the
 * later ones from running: a leftover backend or CLI would outlive the run.
 */
export class CleanupStack {
    #steps = [];
    #stepTimeoutMs;

    constructor({ stepTimeoutMs } = {}) {
        this.#stepTimeoutMs = stepTimeoutMs;
    }

    /** `step` may return a promise; it runs once, at the next `run()`. */
    push(step) {
        this.#steps.push(step);
    }

    async run() {
        for (const step of this.#steps.splice(0).reverse()) {
            try {
                await this.#withDeadline(Promise.resolve().then(step));
            } catch (error) {
                console.warn(`cleanup failed: ${error}`);
            }
        }
    }

    #withDeadline(running) {
        if (this.#stepTimeoutMs === undefined) {
            return running;
        }
        let timer;
        const deadline = new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`took over ${this.#stepTimeoutMs} ms`)), this.#stepTimeoutMs);
        });
        return Promise.race([running, deadline]).finally(() => clearTimeout(timer));
    }
}
