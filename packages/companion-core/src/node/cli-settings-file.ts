import * as fs from 'fs';
import { applyEdits, modify, parse, ParseError } from 'jsonc-parser';
import { ClientProfile } from '../common/client-profiles';
import { currentHostEnvironment, resolveHomeRelative, HostEnvironment } from './host-paths';
import { readJsoncObject, writePrivateFileSync } from '@ai-cli-companion/node-base';

/**
 * The CLI's user settings file (`~/.gemini/settings.json`, `~/.qwen/settings.json`), where
 * `/ide enable` stores `ide.enabled`. Edited in place: every other key, comment and indent stays, and
 * so do a symlinked dotfile's link and the file's mode and owner (the bytes are written into the real file).
 */
export class CliSettingsFile {
    /** Empty for a CLI without an IDE-mode switch (Claude Code connects by its terminal's port variable). */
    readonly path: string;

    constructor(profile: ClientProfile, host: HostEnvironment = currentHostEnvironment()) {
        this.path = profile.userSettings ? resolveHomeRelative(profile.userSettings, host) : '';
    }

    /** Whether the CLI has its IDE mode switched on; always for a CLI that has no switch. */
    isIdeModeEnabled(): boolean {
        if (!this.path) {
            return true;
        }
        const settings = this.read();
        const ide = settings?.ide as { enabled?: unknown } | undefined;
        return ide?.enabled === true;
    }

    enableIdeMode(): void {
        if (!this.path) {
            return; // nothing to switch on
        }
        let text: string | undefined;
        try {
            text = fs.readFileSync(this.path, 'utf8');
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
                throw error;
            }
        }
        const errors: ParseError[] = [];
        parse(text ?? '{}', errors, { allowTrailingComma: true });
        if (errors.length > 0) {
            throw new Error(`${this.path} is not valid JSON; not changed.`);
        }
        const edits = modify(text ?? '{}', ['ide', 'enabled'], true, { formattingOptions: { insertSpaces: true, tabSize: 2 } });
        const updated = applyEdits(text ?? '{}', edits);
        if (text === undefined) {
            writePrivateFileSync(this.path, updated); // may hold API keys later: 0600, like the CLIs' own
        } else {
            fs.writeFileSync(fs.realpathSync(this.path), updated);
        }
    }

    protected read(): Record<string, unknown> | undefined {
        return readJsoncObject(this.path);
    }
}
