import { inject, injectable } from '@theia/core/shared/inversify';
import { CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { QuickInputService, QuickPickItem } from '@theia/core/lib/common/quick-pick-service';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { PreferenceScope } from '@theia/core/lib/common/preferences/preference-scope';
import { ConfirmDialog } from '@theia/core/lib/browser/dialogs';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { BUILT_IN_ACP_AGENTS } from '../../common/agents/acp-chat-agents';
import {
    AcpRegistryService, RegistryAgentItem, RegistryInstallChoice, RegistryInstallResult, RegistryListingView
} from '../../common/registry/registry-protocol';
import { confirmRegistryInstall } from './install-confirmation';
import { AcpRegistryCommands } from './registry-commands';
import { RegistryIcons } from './registry-icons';
import { RegistryUpdateFlow } from './registry-update-flow';
import { RegistryUpdatesStatus } from './registry-updates-status';
import { plainNotificationText } from './notification-text';
import { LOOK_AGAIN, messageOf, RegistryUserAgents, UserAgentEntry, withProgress } from './registry-user-agents';

/**
 * The ACP registry in the chat (issue 25): Add Agent from ACP Registry… lists the registry (icon, name,
 * version, description; what cannot be installed here and what is built in say so), shows what will run
 * and installs exactly that, only after the user confirmed (a registry that changed meanwhile installs
 * nothing); the entry goes to the user's aiCliChat.agents. Updates show in the status bar and run through
 * RegistryUpdateFlow; Remove Agent… stops the agent and deletes its entry and its unpacked folder.
 */
@injectable()
export class AcpRegistryCommandContribution implements CommandContribution, FrontendApplicationContribution {
    @inject(AcpRegistryService) protected readonly registry: AcpRegistryService;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(RegistryIcons) protected readonly icons: RegistryIcons;
    @inject(RegistryUpdatesStatus) protected readonly updatesStatus: RegistryUpdatesStatus;
    @inject(RegistryUpdateFlow) protected readonly updateFlow: RegistryUpdateFlow;
    @inject(RegistryUserAgents) protected readonly userAgentSettings: RegistryUserAgents;

    registerCommands(commands: CommandRegistry): void {
        commands.registerCommand(AcpRegistryCommands.ADD, { execute: () => this.add() });
        commands.registerCommand(AcpRegistryCommands.REMOVE, { execute: (name?: string) => this.remove(name) });
        commands.registerCommand(AcpRegistryCommands.UPDATE, { execute: (name?: string) => this.updateFlow.update(name) });
    }

    async onStart(): Promise<void> {
        await this.preferences.ready;
        void this.updatesStatus.refreshUpdates();
    }

    protected userAgents(): UserAgentEntry[] {
        return this.userAgentSettings.all();
    }

    protected installedById(id: string): UserAgentEntry | undefined {
        return this.userAgentSettings.byId(id);
    }

    async add(): Promise<void> {
        const picker = this.quickInput.createQuickPick<QuickPickItem & { agent?: RegistryAgentItem }>();
        picker.title = 'Add Agent from ACP Registry';
        picker.placeholder = 'Reading the ACP registry…';
        picker.busy = true;
        picker.matchOnDescription = true;
        picker.matchOnDetail = true;
        picker.show();
        let listing: RegistryListingView;
        try {
            listing = await this.registry.list();
        } catch (error) {
            picker.dispose();
            this.messages.error(plainNotificationText(`The ACP registry could not be read: ${messageOf(error)}`));
            return;
        }
        this.icons.show(listing.agents);
        picker.busy = false;
        picker.placeholder = listing.cached
            ? `Offline: the copy of ${listing.url} from ${listing.fetchedAt ?? 'earlier'}`
            : `Pick an agent to add from ${listing.url}`;
        const items: (QuickPickItem & { agent?: RegistryAgentItem })[] = listing.agents.map(agent => ({
            label: agent.name,
            description: [agent.version, this.note(agent)].filter(Boolean).join(' · '),
            detail: agent.description,
            iconClasses: this.icons.classesFor(agent),
            agent
        }));
        if (listing.problems.length) {
            items.push({ label: `$(warning) ${listing.problems.length} problem(s) reading the registry`, detail: listing.problems.join(' ') });
        }
        picker.items = items;
        const picked = await new Promise<RegistryAgentItem | undefined>(resolve => {
            picker.onDidAccept(() => {
                const item = picker.selectedItems[0] as { agent?: RegistryAgentItem } | undefined;
                if (!item?.agent) {
                    if (listing.problems.length) {
                        this.messages.warn(plainNotificationText(listing.problems.join('\n')));
                    }
                    return;
                }
                resolve(item.agent);
                picker.hide();
            });
            picker.onDidHide(() => resolve(undefined));
        });
        picker.dispose();
        if (picked) {
            await this.addAgent(picked);
        }
    }

    /** What the quick pick says beside the version. */
    protected note(agent: RegistryAgentItem): string {
        if (agent.builtIn) {
            return `built in as @${agent.builtIn.agentId}`;
        }
        const installed = this.installedById(agent.id);
        if (installed) {
            return `installed as @${installed.name} (${installed.registry?.version})`;
        }
        if (agent.choices.length === 0) {
            return 'no distribution for this platform';
        }
        if (agent.choices.every(choice => choice.blocked)) {
            return 'blocked: ' + agent.choices.map(choice => choice.blocked).join(' ');
        }
        return agent.choices.filter(choice => !choice.blocked).map(choice => choice.kind).join(', ');
    }

    protected async addAgent(agent: RegistryAgentItem): Promise<void> {
        if (agent.builtIn) {
            const builtIn = BUILT_IN_ACP_AGENTS.find(each => each.id === agent.builtIn!.agentId);
            if (builtIn?.enabledPreference) {
                await this.preferences.set(builtIn.enabledPreference, true, PreferenceScope.User);
            }
            this.messages.info(plainNotificationText(`${agent.name} is built in: mention it as @${agent.builtIn.agentId} in the chat.`));
            return;
        }
        const usable = agent.choices.filter(choice => !choice.blocked);
        if (usable.length === 0) {
            this.messages.error(plainNotificationText(agent.choices.length === 0
                ? `${agent.name} ${agent.version} offers no distribution for this platform.`
                : `${agent.name} ${agent.version} cannot be installed: ${agent.choices.map(choice => choice.blocked).join(' ')}`));
            return;
        }
        const installed = this.installedById(agent.id);
        let keepName: string | undefined;
        if (installed && typeof installed.name === 'string') {
            const newer = installed.registry?.version !== agent.version;
            const action = await this.quickInput.showQuickPick([
                { label: newer ? `Update @${installed.name} to ${agent.version}` : `Reinstall @${installed.name} (${agent.version})`, id: 'reinstall' },
                { label: 'Cancel', id: 'cancel' }
            ], { title: `${agent.name} is installed as @${installed.name} (${installed.registry?.version})` });
            if (action?.id !== 'reinstall') {
                return;
            }
            if (newer) {
                await this.updateFlow.updateAgent(installed.name, String(installed.registry?.version), agent.version);
                return;
            }
            keepName = installed.name;
        }
        const choice = usable.length === 1 ? usable[0] : await this.pickChoice(agent, usable);
        if (!choice || !await confirmRegistryInstall(agent, choice)) {
            return;
        }
        const taken = this.userAgents().map(entry => entry?.name).filter((name): name is string => typeof name === 'string');
        let result: RegistryInstallResult;
        try {
            // choice.shown: the backend installs what this dialog showed, or nothing.
            result = await withProgress(this.messages, `Installing ${agent.name} ${agent.version}…`,
                () => this.registry.install(agent.id, choice.kind, choice.shown, [...taken, ...BUILT_IN_ACP_AGENTS.map(each => each.id)], keepName));
        } catch (error) {
            this.messages.error(plainNotificationText(`${agent.name} was not installed: ${messageOf(error)}`));
            return;
        }
        if ('changed' in result) {
            this.messages.error(plainNotificationText(`${agent.name} was not installed: ${result.changed}`), LOOK_AGAIN)
                .then(action => action === LOOK_AGAIN ? this.add() : undefined);
            return;
        }
        const { entry } = result;
        const others = this.userAgents().filter(each => each?.registry?.id !== agent.id);
        await this.userAgentSettings.write([...others, entry]);
        await this.registry.settled(entry.name, entry.registry.version);
        this.messages.info(plainNotificationText(`@${entry.name} is ready: mention it in the chat.` +
            (entry.registry.kind === 'npx' ? ' npx downloads it on its first use, so the first answer takes longer.' : '')));
        void this.updatesStatus.refreshUpdates();
    }

    protected async pickChoice(agent: RegistryAgentItem, usable: RegistryInstallChoice[]): Promise<RegistryInstallChoice | undefined> {
        const picked = await this.quickInput.showQuickPick(usable.map(choice => ({ label: choice.kind, detail: choice.commandLine, choice })),
            { title: `How to install ${agent.name}` });
        return picked?.choice;
    }


    async remove(name?: string): Promise<void> {
        const agents = this.userAgents().filter(entry => typeof entry?.name === 'string');
        if (!name) {
            if (agents.length === 0) {
                this.messages.info('Your settings have no aiCliChat.agents entry to remove.');
                return;
            }
            const picked = await this.quickInput.showQuickPick(agents.map(entry => ({
                label: `@${entry.name}`,
                description: entry.registry ? `ACP registry: ${entry.registry.id} ${entry.registry.version}` : 'aiCliChat.agents',
                name: entry.name as string
            })), { title: 'Remove an agent' });
            name = picked?.name;
        }
        if (!name || !agents.some(entry => entry.name === name)) {
            return;
        }
        const confirmed = await new ConfirmDialog({
            title: `Remove @${name}?`, ok: 'Remove', cancel: 'Cancel',
            msg: `Its process stops, its entry leaves aiCliChat.agents and what was unpacked for it is deleted.`
        }).open();
        if (!confirmed) {
            return;
        }
        try {
            await withProgress(this.messages, `Removing @${name}…`, () => this.registry.remove(name!));
        } catch (error) {
            this.messages.error(plainNotificationText(`@${name} was not removed: ${messageOf(error)}`));
            return;
        }
        await this.userAgentSettings.write(this.userAgents().filter(entry => entry?.name !== name));
        await this.registry.settled(name, undefined);
        this.messages.info(plainNotificationText(`@${name} is removed.`));
        void this.updatesStatus.refreshUpdates();
    }
}
