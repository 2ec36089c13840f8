import { inject, injectable } from '@theia/core/shared/inversify';
import { MessageService } from '@theia/core/lib/common/message-service';
import { ClientProfile } from '@ai-cli-companion/core';
import { CliHostService } from '../../common/cli-host-protocol';

export const INSTALL_WITH_NPM = 'Install with npm';
export const RUN_ONCE_WITH_NPX = 'Run once with npx';

/**
 * Before a CLI is typed into a terminal: does the command exist for the terminal's shell? If not,
 * the user chooses to install it (npm install -g, in the visible terminal) or to run it once with
 * npx, instead of meeting "command not found".
 */
@injectable()
export class CliInstallCheck {
    @inject(CliHostService) protected readonly host: CliHostService;
    @inject(MessageService) protected readonly messages: MessageService;

    /** The command line to type into the terminal, or undefined when the user gave up. */
    async commandLine(profile: ClientProfile): Promise<string | undefined> {
        const lookup = await this.host.lookUpCommand(profile.command).catch(() => undefined);
        if (!lookup || lookup.path) {
            return profile.command; // found, or the check itself failed: the shell will say the rest
        }
        if (!profile.npmPackage) {
            this.messages.warn(`"${profile.command}" is not installed (not on the PATH of Theia's terminals, nor of a login shell). Install ${profile.displayName} and try again.`);
            return undefined;
        }
        const actions = [...lookup.npm ? [INSTALL_WITH_NPM] : [], ...lookup.npx ? [RUN_ONCE_WITH_NPX] : []];
        if (actions.length === 0) {
            this.messages.warn(`"${profile.command}" is not installed, and neither is npm. Install Node.js 20 or newer, then run "npm install -g ${profile.npmPackage}".`);
            return undefined;
        }
        const choice = await this.messages.warn(
            `"${profile.command}" is not installed: neither the PATH of Theia's terminals nor a login shell has it. Install ${profile.npmPackage}?`, ...actions);
        switch (choice) {
            case INSTALL_WITH_NPM: return `npm install -g ${profile.npmPackage} && ${profile.command}`;
            case RUN_ONCE_WITH_NPX: return `npx --yes ${profile.npmPackage}`;
            default: return undefined;
        }
    }

    /**
     * The install command alone, when the user already chose to install (a button elsewhere): undefined,
     * with the same warnings, when it is installed already or cannot be installed with npm.
     */
    async installCommandLine(profile: ClientProfile): Promise<string | undefined> {
        const lookup = await this.host.lookUpCommand(profile.command).catch(() => undefined);
        if (lookup?.path) {
            this.messages.info(`${profile.displayName} is installed already: ${lookup.path}.`);
            return undefined;
        }
        if (!profile.npmPackage) {
            this.messages.warn(`"${profile.command}" is not installed (not on the PATH of Theia's terminals, nor of a login shell). Install ${profile.displayName} and try again.`);
            return undefined;
        }
        if (lookup && !lookup.npm) {
            this.messages.warn(`"${profile.command}" is not installed, and neither is npm. Install Node.js 20 or newer, then run "npm install -g ${profile.npmPackage}".`);
            return undefined;
        }
        return `npm install -g ${profile.npmPackage}`;
    }
}
