import { inject, injectable } from '@theia/core/shared/inversify';
import { CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MessageService } from '@theia/core/lib/common/message-service';
import { QuickInputService, QuickPickItem } from '@theia/core/lib/common/quick-pick-service';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { PreferenceScope } from '@theia/core/lib/common/preferences/preference-scope';
import { ConfirmDialog } from '@theia/core/lib/browser/dialogs';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { AGENTS_PREFERENCE, userAcpChatSetting } from '../../common/acp-chat-preferences';
import { BUILT_IN_ACP_AGENTS } from '../../common/acp-chat-agents';
import {
    AcpRegistryService, RegistryAgentEntry, RegistryAgentItem, RegistryInstallChoice, RegistryListingView
} from '../../common/registry-protocol';
import { confirmRegistryInstall } from './install-confirmation';
import { AcpRegistryCommands } from './registry-commands';
import { RegistryIcons } from './registry-icons';
import { RegistryUpdatesStatus } from './registry-updates-status';

/** One entry of the user's aiCliChat.agents, as far as this code reads it. */
interface UserAgentEntry {
    readonly name?: unknown;
    readonly registry?: { readonly id?: unknown; readonly version?: unknown };
}

/**
 * The ACP registry in the chat (issue 25): Add Agent from ACP Registry… lists the registry (icon, name,
 * version, description; what cannot be installed here and what is built in say so), shows what will run
 * and installs only after the user confirmed; the entry goes to the user's aiCliChat.agents. Updates show
 * in the status bar; Update switches to the new version once it is in place; Remove Agent… stops the
 * agent and deletes its entry and its unpacked folder.
 */
@injectable()
export class AcpRegistryCommandContribution implements CommandContribution, FrontendApplicationContribution {
    @inject(AcpRegistryService) protected readonly registry: AcpRegistryService;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(RegistryIcons) protected readonly icons: RegistryIcons;
    @inject(RegistryUpdatesStatus) protected readonly updatesStatus: RegistryUpdatesStatus;

    registerCommands(commands: CommandRegistry): void {
        commands.registerCommand(AcpRegistryCommands.ADD, { execute: () => this.add() });
        commands.registerCommand(AcpRegistryCommands.REMOVE, { execute: (name?: string) => this.remove(name) });
        commands.registerCommand(AcpRegistryCommands.UPDATE, { execute: (name?: string) => this.update(name) });
    }

    async onStart(): Promise<void> {
        await this.preferences.ready;
        void this.updatesStatus.refreshUpdates();
    }

    /** The user's aiCliChat.agents as written in the user settings (never a workspace's). */
    protected userAgents(): UserAgentEntry[] {
        const value = userAcpChatSetting(name => this.preferences.inspect(name))(AGENTS_PREFERENCE);
        return Array.isArray(value) ? value as UserAgentEntry[] : [];
    }

    protected async writeUserAgents(agents: readonly unknown[]): Promise<void> {
        await this.preferences.set(AGENTS_PREFERENCE, agents, PreferenceScope.User);
    }

    protected installedById(id: string): UserAgentEntry | undefined {
        return this.userAgents().find(entry => entry?.registry?.id === id);
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
            this.messages.error(`The ACP registry could not be read: ${messageOf(error)}`);
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
                        this.messages.warn(listing.problems.join('\n'));
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
            this.messages.info(`${agent.name} is built in: mention it as @${agent.builtIn.agentId} in the chat.`);
            return;
        }
        const usable = agent.choices.filter(choice => !choice.blocked);
        if (usable.length === 0) {
            this.messages.error(agent.choices.length === 0
                ? `${agent.name} ${agent.version} offers no distribution for this platform.`
                : `${agent.name} ${agent.version} cannot be installed: ${agent.choices.map(choice => choice.blocked).join(' ')}`);
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
                await this.updateAgent(installed.name, String(installed.registry?.version), agent.version);
                return;
            }
            keepName = installed.name;
        }
        const choice = usable.length === 1 ? usable[0] : await this.pickChoice(agent, usable);
        if (!choice || !await confirmRegistryInstall(agent, choice)) {
            return;
        }
        const taken = this.userAgents().map(entry => entry?.name).filter((name): name is string => typeof name === 'string');
        let entry: RegistryAgentEntry;
        try {
            entry = await this.withProgress(`Installing ${agent.name} ${agent.version}…`,
                () => this.registry.install(agent.id, choice.kind, [...taken, ...BUILT_IN_ACP_AGENTS.map(each => each.id)], keepName));
        } catch (error) {
            this.messages.error(`${agent.name} was not installed: ${messageOf(error)}`);
            return;
        }
        const others = this.userAgents().filter(each => each?.registry?.id !== agent.id);
        await this.writeUserAgents([...others, entry]);
        await this.registry.settled(entry.name, entry.registry.version);
        this.messages.info(`@${entry.name} is ready: mention it in the chat.` +
            (entry.registry.kind === 'npx' ? ' npx downloads it on its first use, so the first answer takes longer.' : ''));
        void this.updatesStatus.refreshUpdates();
    }

    protected async pickChoice(agent: RegistryAgentItem, usable: RegistryInstallChoice[]): Promise<RegistryInstallChoice | undefined> {
        const picked = await this.quickInput.showQuickPick(usable.map(choice => ({ label: choice.kind, detail: choice.commandLine, choice })),
            { title: `How to install ${agent.name}` });
        return picked?.choice;
    }


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

    /** Installs beside the running version and switches the settings once it is in place; a failure leaves the old one as it was. */
    protected async updateAgent(name: string, from: string, to: string): Promise<void> {
        let entry: RegistryAgentEntry;
        try {
            entry = await this.withProgress(`Updating @${name} to ${to}…`, () => this.registry.update(name));
        } catch (error) {
            this.messages.error(`@${name} was not updated and keeps running ${from}: ${messageOf(error)}`);
            return;
        }
        await this.writeUserAgents(this.userAgents().map(each => each?.name === name ? entry : each));
        await this.registry.settled(name, entry.registry.version);
        await this.registry.switched(name, entry.registry.id, entry.registry.version);
        this.messages.info(`@${name} is updated to ${entry.registry.version}.`);
        await this.updatesStatus.refreshUpdates();
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
            await this.withProgress(`Removing @${name}…`, () => this.registry.remove(name!));
        } catch (error) {
            this.messages.error(`@${name} was not removed: ${messageOf(error)}`);
            return;
        }
        await this.writeUserAgents(this.userAgents().filter(entry => entry?.name !== name));
        await this.registry.settled(name, undefined);
        this.messages.info(`@${name} is removed.`);
        void this.updatesStatus.refreshUpdates();
    }


    protected async withProgress<T>(text: string, work: () => Promise<T>): Promise<T> {
        const progress = await this.messages.showProgress({ text });
        try {
            return await work();
        } finally {
            progress.cancel();
        }
    }
}

function messageOf(error: unknown): string {
    const message = error instanceof Error ? error.message : String(error);
    // An RPC error carries the backend's message after "Request '…' failed" wrappers.
    return message.replace(/^Request '[^']*' failed\s*/, '');
}
