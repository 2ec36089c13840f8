import { inject, injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import { CommandService } from '@theia/core/lib/common/command';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { FIRST_START_EXPLORER_PREFERENCE } from '../../common/companion-preferences';

/** Theia's "focus the Explorer" (FileNavigatorCommands.FOCUS of @theia/navigator), reached by id. */
const FOCUS_EXPLORER = 'workbench.files.action.focusFilesExplorer';

/**
 * A workspace's first start (no saved layout) opens the Explorer beside the welcome page (issue 33 part 7): Theia's
 * navigator adds its view to the left panel, but left that panel collapsed, and a new user met an empty grey area.
 */
@injectable()
export class FirstStartLayout implements FrontendApplicationContribution {
    @inject(CommandService) protected readonly commands: CommandService;
    @inject(PreferenceService) protected readonly preferences: PreferenceService;

    async initializeLayout(): Promise<void> {
        await this.preferences.ready;
        if (this.preferences.get<boolean>(FIRST_START_EXPLORER_PREFERENCE, true) !== false) {
            await this.commands.executeCommand(FOCUS_EXPLORER).catch(() => undefined); // an app without the Explorer
        }
    }
}
