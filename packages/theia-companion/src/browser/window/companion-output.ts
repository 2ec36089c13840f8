import { inject, injectable } from '@theia/core/shared/inversify';
import { OutputChannel, OutputChannelManager } from '@theia/output/lib/browser/output-channel';
import { CompanionPreferences, DEBUG_LOGGING_PREFERENCE } from '../../common/companion-preferences';

/** The "AI CLI Companion" output channel: what happened, and with debug logging on, every event. */
@injectable()
export class CompanionOutput {
    @inject(OutputChannelManager) protected readonly channels: OutputChannelManager;
    @inject(CompanionPreferences) protected readonly preferences: CompanionPreferences;

    protected get channel(): OutputChannel {
        return this.channels.getChannel('AI CLI Companion');
    }

    info(message: string): void {
        this.channel.appendLine(`[${new Date().toISOString()}] ${message}`);
    }

    debug(message: string): void {
        if (this.preferences[DEBUG_LOGGING_PREFERENCE]) {
            this.info(message);
        }
    }

    show(): void {
        this.channel.show({ preserveFocus: true });
    }
}
