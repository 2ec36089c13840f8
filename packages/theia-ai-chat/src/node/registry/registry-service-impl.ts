import { inject, injectable } from '@theia/core/shared/inversify';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import type { AgentInstaller, RegistryAgent, RegistryAgentEntry, RegistryClient } from '@ai-cli-companion/acp-client';
import { AGENTS_PREFERENCE, DEFAULT_REGISTRY_URL, userAcpChatSetting, userRegistryUrl } from '../../common/acp-chat-preferences';
import {
    AcpRegistryService, InstallKind, RegistryAgentItem, RegistryInstallResult, RegistryListingView, RegistryUpdatePlan, RegistryUpdateView
} from '../../common/registry/registry-protocol';
import { AcpAgentHosts } from '../agents/agent-hosts';
import { acpEngine } from '../agents/engine';

/** acp-client (with the archive libraries) is read on first use, not parsed at backend start. */
const registry = acpEngine;

/** How long `settled` waits for the backend to read the settings the window wrote. */
const SETTLE_TIMEOUT_MS = 10_000;

/** Icons fetched at once; each URL is fetched (at most 64 KB, checked) once per backend. */
const MAX_ICON_FETCHES = 8;

/**
 * The ACP registry for the chat (issue 25): reads the registry at the user's `aiCliChat.registry.url`
 * (user scope only, like the agents: a workspace cannot choose it), installs, updates and removes
 * agents. Installing and updating produce the `aiCliChat.agents` entry; the window writes it to the
 * user settings after the user confirmed. Shared by all windows.
 */
@injectable()
export class AcpRegistryServiceImpl implements AcpRegistryService {
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(AcpAgentHosts) protected readonly hosts: AcpAgentHosts;

    protected readonly icons = new Map<string, Promise<string | undefined>>();
    private registryClient: RegistryClient | undefined;
    private agentInstaller: AgentInstaller | undefined;

    protected get client(): RegistryClient {
        return this.registryClient ??= new (registry().RegistryClient)();
    }

    protected get installer(): AgentInstaller {
        return this.agentInstaller ??= new (registry().AgentInstaller)();
    }

    /** The registry URL from the user's settings (the default when they set none). */
    registryUrl(): string {
        return userRegistryUrl(this.userSetting()) ?? DEFAULT_REGISTRY_URL;
    }

    async list(): Promise<RegistryListingView> {
        const { installOptions, installPreview, builtInAgentFor, shownDigest, shownInstall } = registry();
        const listing = await this.client.read(this.registryUrl());
        const icons = await this.iconsOf(listing.agents);
        const agents = listing.agents.map((agent, index): RegistryAgentItem => {
            const builtIn = builtInAgentFor(agent.id);
            return {
                id: agent.id, name: agent.name, version: agent.version, description: agent.description,
                ...(icons[index] ? { iconSvg: icons[index] } : {}),
                ...(builtIn ? { builtIn: { ...builtIn } } : {}),
                choices: installOptions(agent).map(option => {
                    const folder = option.kind === 'binary' ? this.folderOrUndefined(agent) : undefined;
                    const preview = installPreview(agent, option, folder);
                    return {
                        kind: option.kind, ...(option.blocked ? { blocked: option.blocked } : {}), commandLine: preview.commandLine, details: [...preview.details],
                        shown: shownDigest(shownInstall(agent, option))
                    };
                })
            };
        });
        return { url: listing.url, agents, problems: [...listing.problems], cached: listing.cached, ...(listing.fetchedAt ? { fetchedAt: listing.fetchedAt } : {}) };
    }

    async install(id: string, kind: InstallKind, shown: string, taken: readonly string[], name?: string): Promise<RegistryInstallResult> {
        const agent = await this.latest(id);
        const option = registry().installOptions(agent).find(each => each.kind === kind);
        if (!option) {
            return { changed: `${agent.name} ${agent.version} no longer offers the ${kind} install you confirmed. Nothing was installed; look at the registry again.` };
        }
        return this.unlessChanged(() => this.installer.install(agent, option, { taken: [...taken], shown, ...(name ? { name } : {}) }));
    }

    async updates(): Promise<RegistryUpdateView[]> {
        const installed = registry().registryEntries(this.userAgents());
        if (installed.length === 0) {
            // Nothing to compare: the registry is not contacted for a user who never installed from it.
            return [];
        }
        const listing = await this.client.read(this.registryUrl());
        return registry().findUpdates(installed, listing.agents).map(update => ({
            name: update.name, id: update.id, installedVersion: update.installedVersion, latestVersion: update.latest.version
        }));
    }

    async updatePlan(name: string): Promise<RegistryUpdatePlan> {
        const installed = this.userEntry(name);
        const latest = await this.latest(installed.registry.id);
        const plan = await this.installer.planUpdate(installed, latest);
        return {
            name, id: latest.id, installedVersion: installed.registry.version, latestVersion: latest.version,
            installedKind: installed.registry.kind, kind: plan.option.kind, commandLine: registry().entryCommandLine(plan.entry),
            details: [...registry().installPreview(latest, plan.option).details], shown: plan.shown
        };
    }

    async update(name: string, shown: string): Promise<RegistryInstallResult> {
        const installed = this.userEntry(name);
        const latest = await this.latest(installed.registry.id);
        return this.unlessChanged(() => this.installer.update(installed, latest, shown));
    }

    async switched(name: string, id: string, version: string): Promise<void> {
        const installed = this.userEntry(name);
        if (installed.registry.id !== id || installed.registry.version !== version) {
            // The settings do not point at that version (yet): keep every unpacked version.
            return;
        }
        await this.hosts.stop(name);
        if (installed.registry.kind === 'binary') {
            await this.installer.pruneVersions(id, version);
        }
    }

    async settled(name: string, version: string | undefined): Promise<boolean> {
        const done = () => {
            const agents = this.userAgents();
            const entry = (Array.isArray(agents) ? agents : []).find(each => each?.name === name);
            return version === undefined ? !entry : entry?.registry?.version === version;
        };
        if (done()) {
            return true;
        }
        return new Promise<boolean>(resolve => {
            const finish = (result: boolean) => {
                listener.dispose();
                clearTimeout(timer);
                resolve(result);
            };
            const listener = this.preferences.onPreferenceChanged(event => {
                if (event.preferenceName === AGENTS_PREFERENCE && done()) {
                    finish(true);
                }
            });
            const timer = setTimeout(() => finish(done()), SETTLE_TIMEOUT_MS);
        });
    }

    async remove(name: string): Promise<void> {
        const agents = this.userAgents();
        const entry = (Array.isArray(agents) ? agents : []).find(each => each?.name === name);
        if (!entry) {
            throw new Error(`@${name} is no agent of your user settings (aiCliChat.agents).`);
        }
        await this.hosts.stop(name);
        // A hand-written entry has nothing unpacked; a registry one has its folder under the agents folder.
        const [installed] = registry().registryEntries([entry]);
        if (installed) {
            await this.installer.remove(installed);
        }
    }

    /** The entry `work` installed, or, when the registry no longer has what the user confirmed, why nothing was. */
    protected async unlessChanged(work: () => Promise<RegistryAgentEntry>): Promise<RegistryInstallResult> {
        try {
            return { entry: await work() };
        } catch (error) {
            if (error instanceof registry().RegistryChangedError) {
                return { changed: error.message };
            }
            throw error;
        }
    }

    protected userSetting(): (preference: string) => unknown {
        return userAcpChatSetting(preference => this.preferences.inspect(preference));
    }

    protected userAgents(): unknown {
        return this.userSetting()(AGENTS_PREFERENCE);
    }

    /** The user's registry agent `name`, as their settings have it. */
    protected userEntry(name: string): RegistryAgentEntry {
        const entry = registry().registryEntries(this.userAgents()).find(each => each.name === name);
        if (!entry) {
            throw new Error(`@${name} is no agent installed from the ACP registry in your user settings.`);
        }
        return entry;
    }

    /** Registry agent `id` as the registry at the user's URL has it now. */
    protected async latest(id: string): Promise<RegistryAgent> {
        const listing = await this.client.read(this.registryUrl());
        const agent = listing.agents.find(each => each.id === id);
        if (!agent) {
            throw new Error(`The registry (${listing.url}) has no agent "${id}"${listing.problems.length ? `: ${listing.problems.join(' ')}` : '.'}`);
        }
        return agent;
    }

    protected folderOrUndefined(agent: RegistryAgent): string | undefined {
        try {
            return this.installer.folderFor(agent.id, agent.version);
        } catch {
            return undefined;
        }
    }

    /** Each agent's icon as checked SVG text: inline, or fetched (a few at a time, each URL once). */
    protected async iconsOf(agents: readonly RegistryAgent[]): Promise<(string | undefined)[]> {
        const result: (string | undefined)[] = agents.map(agent => agent.iconSvg);
        let next = 0;
        const worker = async () => {
            while (next < agents.length) {
                const index = next++;
                const url = agents[index].iconUrl;
                if (result[index] === undefined && url) {
                    let icon = this.icons.get(url);
                    if (!icon) {
                        icon = this.client.fetchIcon(url);
                        this.icons.set(url, icon);
                    }
                    result[index] = await icon;
                }
            }
        };
        await Promise.all(Array.from({ length: MAX_ICON_FETCHES }, worker));
        return result;
    }
}
