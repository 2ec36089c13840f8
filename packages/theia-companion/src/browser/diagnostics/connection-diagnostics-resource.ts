import { injectable } from '@theia/core/shared/inversify';
import { Emitter } from '@theia/core/lib/common/event';
import { Resource, ResourceResolver } from '@theia/core/lib/common/resource';
import URI from '@theia/core/lib/common/uri';

export const DIAGNOSIS_SCHEME = 'ai-cli-diagnosis';

/** The report documents of Diagnose Connection: read-only, in memory, one per run. */
@injectable()
export class ConnectionDiagnosticsResources implements ResourceResolver {
    readonly priority = 100;
    protected readonly reports = new Map<string, string>();
    protected runs = 0;

    add(text: string): URI {
        const uri = new URI(`${DIAGNOSIS_SCHEME}:/connection-diagnosis.md`).withQuery(String(++this.runs));
        this.reports.clear(); // only the latest report is kept
        this.reports.set(uri.toString(), text);
        return uri;
    }

    textOf(uri: URI): string | undefined {
        return this.reports.get(uri.toString());
    }

    async resolve(uri: URI): Promise<Resource> {
        const text = this.reports.get(uri.toString());
        if (uri.scheme !== DIAGNOSIS_SCHEME || text === undefined) {
            throw new Error(`No diagnosis report ${uri}`);
        }
        const onDidChangeContents = new Emitter<void>();
        return {
            uri, readOnly: true, autosaveable: false,
            onDidChangeContents: onDidChangeContents.event,
            readContents: async () => text,
            dispose: () => onDidChangeContents.dispose()
        };
    }
}
