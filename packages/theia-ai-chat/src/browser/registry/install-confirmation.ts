import { ConfirmDialog } from '@theia/core/lib/browser/dialogs';
import { RegistryAgentItem, RegistryInstallChoice } from '../../common/registry-protocol';

/** Nothing is downloaded or started before this: the command line, and the archive with its hash or the package. */
export async function confirmRegistryInstall(agent: RegistryAgentItem, choice: RegistryInstallChoice): Promise<boolean> {
    const message = document.createElement('div');
    message.className = 'theia-acp-registry-confirm';
    const intro = document.createElement('p');
    intro.textContent = `${agent.name} ${agent.version} (${choice.kind}) will run as:`;
    const command = document.createElement('pre');
    command.className = 'theia-acp-registry-command';
    command.textContent = choice.commandLine;
    const details = document.createElement('ul');
    for (const line of choice.details) {
        const item = document.createElement('li');
        item.textContent = line;
        details.appendChild(item);
    }
    message.append(intro, command, details);
    const dialog = new ConfirmDialog({ title: `Add ${agent.name} from the ACP registry?`, msg: message, ok: 'Install', cancel: 'Cancel' });
    return !!await dialog.open();
}
