import { ConfirmDialog } from '@theia/core/lib/browser/dialogs';
import { RegistryAgentItem, RegistryInstallChoice, RegistryUpdatePlan } from '../../common/registry/registry-protocol';

/** Nothing is downloaded or started before this: the command line, and the archive with its hash or the package. */
export async function confirmRegistryInstall(agent: RegistryAgentItem, choice: RegistryInstallChoice): Promise<boolean> {
    const message = commandLineMessage(`${agent.name} ${agent.version} (${choice.kind}) will run as:`, choice.commandLine, choice.details);
    const dialog = new ConfirmDialog({ title: `Add ${agent.name} from the ACP registry?`, msg: message, ok: 'Install', cancel: 'Cancel' });
    return !!await dialog.open();
}

/** An update runs something new: its command line, env and kind are shown as an install's are, before anything is downloaded. */
export async function confirmRegistryUpdate(plan: RegistryUpdatePlan): Promise<boolean> {
    const switched = plan.kind !== plan.installedKind ? [`It switches from ${plan.installedKind} to ${plan.kind}.`] : [];
    const message = commandLineMessage(`@${plan.name} ${plan.installedVersion} → ${plan.latestVersion} (${plan.kind}) will run as:`,
        plan.commandLine, [...plan.details, ...switched]);
    const dialog = new ConfirmDialog({ title: `Update @${plan.name} from the ACP registry?`, msg: message, ok: 'Update', cancel: 'Cancel' });
    return !!await dialog.open();
}

function commandLineMessage(intro: string, commandLine: string, details: readonly string[]): HTMLElement {
    const message = document.createElement('div');
    message.className = 'theia-acp-registry-confirm';
    const introLine = document.createElement('p');
    introLine.textContent = intro;
    const command = document.createElement('pre');
    command.className = 'theia-acp-registry-command';
    command.textContent = commandLine;
    const list = document.createElement('ul');
    for (const line of details) {
        const item = document.createElement('li');
        item.textContent = line;
        list.appendChild(item);
    }
    message.append(introLine, command, list);
    return message;
}
