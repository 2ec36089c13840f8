import { inject, injectable } from '@theia/core/shared/inversify';
import { MessageService } from '@theia/core/lib/common/message-service';
import { QuickInputService } from '@theia/core/lib/common/quick-pick-service';
import { AcpRegistryService, RegistryInstallResult, RegistryUpdatePlan } from '../../common/registry/registry-protocol';
import { confirmRegistryUpdate } from './install-confirmation';
import { RegistryUpdatesStatus } from './registry-updates-status';
import { plainNotificationText } from './notification-text';
import { LOOK_AGAIN, messageOf, RegistryUserAgents, withProgress } from './registry-user-agents';

/**
 * Update Agents from ACP Registry…: shows what the update will run (command line, env, kind) and applies
 * exactly that once confirmed, beside the running version; the settings switch once it is in place. A
 * failure, or a registry that changed after the dialog, leaves the old version as it was.
 */
@injectable()
export class RegistryUpdateFlow {
    @inject(AcpRegistryService) protected readonly registry: AcpRegistryService;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(RegistryUpdatesStatus) protected readonly updatesStatus: RegistryUpdatesStatus;
    @inject(RegistryUserAgents) protected readonly userAgents: RegistryUserAgents;

    async update(name?: string): Promise<void> {
        const updates = await this.updatesStatus.refreshUpdates();
        let update = name ? updates.find(each => each.name === name) : undefined;
        if (!update && !name) {
            if (updates.length === 0) {
                this.messages.info('Every agent installed from the ACP registry is up to date.');
                return;
            }
            const picked = await this.quickInput.showQuickPick(updates.map(each => ({
                label: `@${each.name}`, description: `${each.installedVersion} → ${each.latestVersion}`, update: each
            })), { title: 'Update an agent from the ACP registry' });
            update = picked?.update;
        }
        if (update) {
            await this.updateAgent(update.name, update.installedVersion, update.latestVersion);
        }
    }

    async updateAgent(name: string, from: string, to: string): Promise<void> {
        const failed = (error: unknown) => this.messages.error(plainNotificationText(`@${name} was not updated and keeps running ${from}: ${messageOf(error)}`));
        let plan: RegistryUpdatePlan;
        try {
            plan = await withProgress(this.messages, `Reading @${name}'s update to ${to}…`, () => this.registry.updatePlan(name));
        } catch (error) {
            failed(error);
            return;
        }
        if (!await confirmRegistryUpdate(plan)) {
            return;
        }
        let result: RegistryInstallResult;
        try {
            result = await withProgress(this.messages, `Updating @${name} to ${plan.latestVersion}…`, () => this.registry.update(name, plan.shown));
        } catch (error) {
            failed(error);
            return;
        }
        if ('changed' in result) {
            this.messages.error(plainNotificationText(`@${name} was not updated and keeps running ${from}: ${result.changed}`), LOOK_AGAIN)
                .then(action => action === LOOK_AGAIN ? this.update(name) : undefined);
            return;
        }
        const { entry } = result;
        await this.userAgents.write(this.userAgents.all().map(each => each?.name === name ? entry : each));
        await this.registry.settled(name, entry.registry.version);
        await this.registry.switched(name, entry.registry.id, entry.registry.version);
        this.messages.info(plainNotificationText(`@${name} is updated to ${entry.registry.version}.`));
        await this.updatesStatus.refreshUpdates();
    }
}
