import { inject, injectable } from '@theia/core/shared/inversify';
import { StatusBar, StatusBarAlignment } from '@theia/core/lib/browser/status-bar/status-bar';
import { AcpRegistryService, RegistryUpdateView } from '../../common/registry/registry-protocol';
import { AcpRegistryCommands } from './registry-commands';

const UPDATES_STATUS_ID = 'ai-cli-chat-registry-updates';

/** The status bar item that says which agents installed from the ACP registry have a newer version (it runs Update). */
@injectable()
export class RegistryUpdatesStatus {
    @inject(AcpRegistryService) protected readonly registry: AcpRegistryService;
    @inject(StatusBar) protected readonly statusBar: StatusBar;

    protected lastUpdates: RegistryUpdateView[] = [];

    /** Asks the backend for updates (it reads the registry only when an agent came from it) and shows them in the status bar. */
    async refreshUpdates(): Promise<RegistryUpdateView[]> {
        let updates: RegistryUpdateView[] = [];
        try {
            updates = await this.registry.updates();
        } catch {
            // No registry today: no update to show.
        }
        this.lastUpdates = updates;
        if (updates.length === 0) {
            await this.statusBar.removeElement(UPDATES_STATUS_ID);
        } else {
            await this.statusBar.setElement(UPDATES_STATUS_ID, {
                name: 'ACP agent updates',
                text: `$(cloud-download) ${updates.length === 1 ? `@${updates[0].name} ${updates[0].latestVersion}` : `${updates.length} agent updates`}`,
                tooltip: 'Update from the ACP registry: ' + updates.map(each => `@${each.name} ${each.installedVersion} → ${each.latestVersion}`).join(', '),
                alignment: StatusBarAlignment.RIGHT,
                priority: 10,
                command: AcpRegistryCommands.UPDATE.id,
                ...(updates.length === 1 ? { arguments: [updates[0].name] } : {})
            });
        }
        return updates;
    }
}
