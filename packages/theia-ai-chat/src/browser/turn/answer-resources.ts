import { injectable } from '@theia/core/shared/inversify';
import { URI } from '@theia/core/lib/common/uri';
import { Resource, ResourceResolver } from '@theia/core/lib/common/resource';

export const ACP_ANSWER_SCHEME = 'acp-answer';

/**
 * A whole turn's answer as a read-only editor ("Show all" on an answer past the chat's limit): the text
 * stays in this window's memory, never in a URI or on disk.
 */
@injectable()
export class AcpAnswerResources implements ResourceResolver {
    protected readonly texts = new Map<string, () => string>();

    /** The answer of `turnId` (its text read when the editor opens), as a URI an opener shows in an editor. */
    uriFor(turnId: string, text: () => string): URI {
        const uri = new URI().withScheme(ACP_ANSWER_SCHEME).withPath(`/${encodeURIComponent(turnId)}/answer.md`);
        this.texts.set(uri.toString(), text);
        return uri;
    }

    resolve(uri: URI): Resource {
        const text = uri.scheme === ACP_ANSWER_SCHEME ? this.texts.get(uri.toString()) : undefined;
        if (!text) {
            throw new Error(`No agent answer at ${uri}`);
        }
        return { uri, readOnly: true, readContents: async () => text(), dispose: () => undefined };
    }
}
