import { inject, injectable } from '@theia/core/shared/inversify';
import { CLIENT_PROFILES, ClientProfile } from '@ai-cli-companion/core';
import { CliHostService } from '../../common/cli-host-protocol';
import { CompanionService } from '../../common/companion-protocol';

/** One terminal CLI as the welcome page shows it. */
export interface CliOverview {
    readonly profile: ClientProfile;
    /** Where its command is found for Theia's terminals; undefined: not installed (or not on that PATH). */
    readonly installedAt?: string;
    /** How many of its sessions are connected to this window now. */
    readonly connected: number;
}

/** Which CLIs are installed and connected: what the welcome page's agents section shows. */
@injectable()
export class AgentsOverview {
    @inject(CliHostService) protected readonly host: CliHostService;
    @inject(CompanionService) protected readonly companion: CompanionService;

    async clis(): Promise<CliOverview[]> {
        const status = await this.companion.getStatus().catch(() => undefined);
        return Promise.all(CLIENT_PROFILES.map(async profile => {
            const lookup = await this.host.lookUpCommand(profile.command).catch(() => undefined);
            return {
                profile, ...lookup?.path ? { installedAt: lookup.path } : {},
                connected: status?.sessions.filter(session => session.clientId === profile.id).length ?? 0
            };
        }));
    }
}
