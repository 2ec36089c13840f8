import { injectable } from '@theia/core/shared/inversify';
import { Emitter } from '@theia/core/lib/common/event';
import { Resource, ResourceResolver } from '@theia/core/lib/common/resource';
import URI from '@theia/core/lib/common/uri';

/** Left side of a review: the file as it was on disk when the diff opened. */
export const ORIGINAL_SCHEME = 'ai-cli-original';
/** Right side of a review: the CLI's proposal, editable by the user. */
export const PROPOSAL_SCHEME = 'ai-cli-proposal';

export interface ProposalResourceOptions {
    readonly contents: string;
    readonly readOnly: boolean;
    /** Called when the user saves the side (Ctrl/Cmd+S): that is an accept. */
    readonly onSave?: (content: string) => void;
}

class InMemoryProposalResource implements Resource {
    readonly autosaveable = false;
    protected readonly onDidChangeContentsEmitter = new Emitter<void>();
    readonly onDidChangeContents = this.onDidChangeContentsEmitter.event;
    readonly saveContents?: (content: string) => Promise<void>;

    constructor(readonly uri: URI, protected contents: string, readonly readOnly: boolean,
        onSave: ((content: string) => void) | undefined) {
        if (onSave) {
            this.saveContents = async (content: string) => {
                this.contents = content;
                onSave(content);
            };
        }
    }

    async readContents(): Promise<string> {
        return this.contents;
    }

    dispose(): void {
        this.onDidChangeContentsEmitter.dispose();
    }
}

/**
 * In-memory documents for diff reviews, under their own schemes so that autosave, the file
 * watcher and the navigator never touch them; nothing here is ever written to disk.
 */
@injectable()
export class ProposalResources implements ResourceResolver {
    readonly priority = 100;
    protected readonly resources = new Map<string, InMemoryProposalResource>();

    add(uri: URI, options: ProposalResourceOptions): void {
        this.resources.set(uri.toString(), new InMemoryProposalResource(uri, options.contents, options.readOnly, options.onSave));
    }

    remove(uri: URI): void {
        const key = uri.toString();
        this.resources.get(key)?.dispose();
        this.resources.delete(key);
    }

    async resolve(uri: URI): Promise<Resource> {
        const resource = this.resources.get(uri.toString());
        if (!resource) {
            throw new Error(`No proposal document for ${uri}`);
        }
        return resource;
    }
}
