import * as fs from 'fs';
import { applyEdits, modify, parse, ParseError } from 'jsonc-parser';
import { ClientProfile } from '@ai-cli-companion/core/lib/client-profiles';
import { currentHostEnvironment, resolveHomeRelative, HostEnvironment } from '@ai-cli-companion/core/lib/host-paths';
import { writePrivateFileAtomic } from '@ai-cli-companion/core/lib/discovery-file';

/**
 * The CLI's user settings file (`~/.gemini/settings.json`, `~/.qwen/settings.json`), where
 * `/ide enable` stores `ide.enabled`. Edited in place: every other key, comment and indent stays.
 */
export class CliSettingsFile {
    readonly path: string;

    constructor(profile: ClientProfile, host: HostEnvironment = currentHostEnvironment()) {
        this.path = resolveHomeRelative(profile.userSettings, host);
    }

    isIdeModeEnabled(): boolean {
        const settings = this.read();
        const ide = settings?.ide as { enabled?: unknown } | undefined;
        return ide?.enabled === true;
    }

    enableIdeMode(): void {
        let text = '{}';
        try {
            text = fs.readFileSync(this.path, 'utf8');
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
                throw error;
            }
        }
        const errors: ParseError[] = [];
        parse(text, errors, { allowTrailingComma: true });
        if (errors.length > 0) {
            throw new Error(`${this.path} is not valid JSON; not changed.`);
        }
        const edits = modify(text, ['ide', 'enabled'], true, { formattingOptions: { insertSpaces: true, tabSize: 2 } });
        writePrivateFileAtomic(this.path, applyEdits(text, edits));
    }

    protected read(): Record<string, unknown> | undefined {
        try {
            return parse(fs.readFileSync(this.path, 'utf8'), [], { allowTrailingComma: true }) as Record<string, unknown>;
        } catch {
            return undefined;
        }
    }
}
