// A CompanionEndpoint as the Theia adapter builds one, and a diff view that records what it is asked
// to show, for tests that drive the protocol core without an editor.
import { CompanionEndpoint } from '@ai-cli-companion/core/node';

export const TEST_IDE_INFO = { name: 'theia', displayName: 'Eclipse Theia' };

/** Started, with the workspace set; `options` go to the endpoint (host, profiles, http, …). */
export async function startTestEndpoint({ roots, trusted, ...options }) {
    const endpoint = new CompanionEndpoint({ ideInfo: TEST_IDE_INFO, ...options });
    await endpoint.start(roots ? { roots, trusted } : undefined);
    return endpoint;
}

/** Records every diff shown; `edits` maps a diff id to the text the "user" typed into the proposal. */
export class RecordingDiffView {
    shown = [];
    closed = [];
    edits = new Map();

    async show(diff) {
        this.shown.push(diff);
    }

    async close(diffId) {
        this.closed.push(diffId);
        return this.edits.get(diffId);
    }

    /** The newest diff shown for this path, waiting for it up to the deadline. */
    async waitFor(filePath, count = 1, deadlineMs = 10_000) {
        const end = Date.now() + deadlineMs;
        for (;;) {
            const matching = this.shown.filter(diff => diff.filePath === filePath);
            if (matching.length >= count) {
                return matching[count - 1];
            }
            if (Date.now() > end) {
                throw new Error(`openDiff for ${filePath} never reached the view`);
            }
            await new Promise(resolve => setTimeout(resolve, 20));
        }
    }
}
