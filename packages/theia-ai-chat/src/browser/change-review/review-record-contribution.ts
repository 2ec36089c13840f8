import { inject, injectable } from '@theia/core/shared/inversify';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import URI from '@theia/core/lib/common/uri';
import { EditorManager } from '@theia/editor/lib/browser/editor-manager';
import { ConfigurableInMemoryResources, ConfigurableMutableReferenceResource } from '@theia/ai-core';
import { ReviewRecordStore } from './review-record-store';
import { formatRecord } from './review-record';

export const SHOW_REVIEW_RECORD: Command = { id: 'aiCliChat.review.record', category: 'AI Chat', label: 'Show Agent Review Record' };

/** The per-agent record of kept and undone hunks, as a read-only document (as Diagnose Connection shows its report). */
@injectable()
export class ReviewRecordContribution implements CommandContribution {
    @inject(ReviewRecordStore) protected readonly store: ReviewRecordStore;
    @inject(ConfigurableInMemoryResources) protected readonly resources: ConfigurableInMemoryResources;
    @inject(EditorManager) protected readonly editors: EditorManager;
    protected document: ConfigurableMutableReferenceResource | undefined;

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(SHOW_REVIEW_RECORD, { execute: () => this.show() });
    }

    protected async show(): Promise<void> {
        const contents = formatRecord(await this.store.read());
        const uri = new URI('acp-chat-review-record:/Agent Review Record.txt');
        if (this.document) {
            this.document.update({ contents });
        } else {
            this.document = this.resources.add(uri, { contents, readOnly: true, autosaveable: false });
        }
        await this.editors.open(uri, { mode: 'activate' });
    }
}
