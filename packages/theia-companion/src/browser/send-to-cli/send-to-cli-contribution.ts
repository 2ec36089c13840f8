import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { inject, injectable } from '@theia/core/shared/inversify';
import { KeybindingContribution, KeybindingRegistry } from '@theia/core/lib/browser/keybinding';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { MenuContribution, MenuModelRegistry, MenuPath } from '@theia/core/lib/common/menu';
import { MessageService } from '@theia/core/lib/common/message-service';
import { QuickInputService } from '@theia/core/lib/common/quick-pick-service';
import { UriSelection } from '@theia/core/lib/common/selection';
import { SelectionService } from '@theia/core/lib/common/selection-service';
import URI from '@theia/core/lib/common/uri';
import { EDITOR_CONTEXT_MENU } from '@theia/editor/lib/browser/editor-menu';
import { TextEditor } from '@theia/editor/lib/browser/editor';
import { EditorManager } from '@theia/editor/lib/browser/editor-manager';
import { TerminalService } from '@theia/terminal/lib/browser/base/terminal-service';
import { TerminalWidget } from '@theia/terminal/lib/browser/base/terminal-widget';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { CLIENT_PROFILES, ClientProfile, ClientTransportTraits, selectedLines, transportTraits } from '@ai-cli-companion/core';
import { CompanionPreferences, clientEnabled, clientEnabledPreference } from '../../common/companion-preferences';
import { CompanionService } from '../../common/companion-protocol';
import { CliLauncher } from './cli-launcher';
import { referenceText, selectionReference } from './cli-reference';
import { CliTerminalFinder } from './cli-terminal-finder';

type SelectionNotification = (sessionId: string, file: string, first: number, last: number) => Promise<number>;

/** The Explorer's context menu (@theia/navigator's NAVIGATOR_CONTEXT_MENU), by value: the navigator is optional. */
const EXPLORER_CONTEXT_MENU: MenuPath = ['navigator-context-menu', '6_ai_cli'];
const EDITOR_MENU: MenuPath = [...EDITOR_CONTEXT_MENU, '2_ai_cli'];

/** How long a CLI started for a reference may take to connect (an npm install may run first). */
const CONNECT_TIMEOUT_MS = 180_000;
/** The prompt is taken as ready once the terminal has been quiet this long after the CLI connected. */
const QUIET_MS = 1000;

export namespace SendToCliCommands {
    const category = 'AI CLI';
    export const SEND_SELECTION: Command = { id: 'aiCliCompanion.sendSelection', category, label: 'Send Selection to CLI' };
    export function sendTo(profile: ClientProfile): Command {
        return { id: `aiCliCompanion.sendTo.${profile.id}`, category, label: `Send to ${profile.displayName}` };
    }
}

/**
 * Types `@path` (files, folders) or `@path lines a-b` (a selection) into the terminal of the CLI
 * connected to this window, without Enter, and focuses it; starts a CLI when none is connected.
 */
@injectable()
export class SendToCliContribution implements CommandContribution, MenuContribution, KeybindingContribution {
    @inject(EditorManager) protected readonly editors: EditorManager;
    @inject(SelectionService) protected readonly selection: SelectionService;
    @inject(WorkspaceService) protected readonly workspace: WorkspaceService;
    @inject(TerminalService) protected readonly terminals: TerminalService;
    @inject(CompanionService) protected readonly companion: CompanionService;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(CompanionPreferences) protected readonly preferences: CompanionPreferences;
    @inject(PreferenceService) protected readonly preferenceService: PreferenceService;
    @inject(CliTerminalFinder) protected readonly finder: CliTerminalFinder;
    @inject(CliLauncher) protected readonly launcher: CliLauncher;

    /** How each transport's selection notification goes (none: the reference is typed); answers how many sessions got it. */
    protected readonly selectionNotifications: Record<ClientTransportTraits['selection'], SelectionNotification | undefined> = {
        'type': undefined,
        'at-mention': (sessionId, file, first, last) => this.companion.atMention(file, first, last).catch(() => 0),
        'add-selection': async (sessionId, file, first, last) => Number(await this.companion.addSelection(sessionId, file, first, last).catch(() => false))
    };

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(SendToCliCommands.SEND_SELECTION, { execute: (...args: unknown[]) => this.send(undefined, args) });
        for (const profile of CLIENT_PROFILES) {
            registry.registerCommand(SendToCliCommands.sendTo(profile), {
                execute: (...args: unknown[]) => this.send(profile, args),
                isVisible: () => this.isEnabled(profile)
            });
        }
    }

    registerMenus(menus: MenuModelRegistry): void {
        CLIENT_PROFILES.forEach((profile, index) => {
            const command = SendToCliCommands.sendTo(profile);
            menus.registerMenuAction(EDITOR_MENU, { commandId: command.id, label: command.label, order: String(index) });
            menus.registerMenuAction(EXPLORER_CONTEXT_MENU, { commandId: command.id, label: command.label, order: String(index) });
        });
    }

    registerKeybindings(keybindings: KeybindingRegistry): void {
        keybindings.registerKeybinding({ command: SendToCliCommands.SEND_SELECTION.id, keybinding: 'ctrlcmd+alt+k', when: 'editorTextFocus' });
    }

    protected isEnabled(profile: ClientProfile): boolean {
        return clientEnabled(this.preferenceService.inspect(clientEnabledPreference(profile.id)));
    }

    async send(profile: ClientProfile | undefined, args: unknown[]): Promise<void> {
        // Both styles now: starting a CLI moves the focus away from the editor or the Explorer.
        const at = this.referenceFor(args, 'at');
        const path = this.referenceFor(args, 'path');
        if (!at || !path) {
            this.messages.info('Nothing to send: select code in an editor, or files or folders in the Explorer.');
            return;
        }
        const texts = { at, path };
        if (await this.mentionByNotification(profile, args) || await this.filesByNotification(profile, args)) {
            return;
        }
        const target = await this.targetTerminal(profile);
        if (!target) {
            return;
        }
        // Codex reads the selection's text through its IDE context; the reference tells it where to look.
        target.terminal.sendText(texts[target.profile?.typedReference ?? 'at']);
        this.finder.markUsed(target.terminal);
        await this.terminals.open(target.terminal, { mode: 'activate' });
    }

    /**
     * A CLI that takes an editor selection as a notification puts the reference into its input itself (its
     * transport's `selection`, see CLIENT_TRANSPORTS); typing would race its input box. True when one got it.
     */
    protected async mentionByNotification(profile: ClientProfile | undefined, args: unknown[]): Promise<boolean> {
        // The same choice as the typed reference: the focused editor, else the Explorer's resources, else the last editor.
        const editor = this.editors.activeEditor?.editor ?? (!this.resourceTargets(args) ? this.editors.currentEditor?.editor : undefined);
        if (!editor || editor.uri.scheme !== 'file') {
            return false;
        }
        const [target] = await this.finder.connectedTerminals(profile?.id);
        const targetProfile = target && CLIENT_PROFILES.find(p => p.id === target.session.clientId);
        const notify = targetProfile && this.selectionNotifications[transportTraits(targetProfile).selection];
        if (!target || !notify) {
            return false;
        }
        const { start, end } = editor.selection;
        // The same lines as the typed reference: a selection ending at column 0 does not take that line.
        const { first, last } = selectedLines({ startLine: start.line, endLine: end.line, endCharacter: end.character });
        const file = editor.uri.path.fsPath();
        const delivered = await notify(target.session.id, file, first, last);
        if (delivered > 0) {
            this.finder.markUsed(target.terminal);
            await this.terminals.open(target.terminal, { mode: 'activate' });
        }
        return delivered > 0;
    }

    /**
     * Copilot CLI takes the Explorer's files and folders as `add_file_reference` and types `@path` into its
     * input itself (relative to its own folder). True when the target CLI got them.
     */
    protected async filesByNotification(profile: ClientProfile | undefined, args: unknown[]): Promise<boolean> {
        const files = this.resourceTargets(args)?.filter(uri => uri.scheme === 'file');
        if (!files?.length) {
            return false;
        }
        const [target] = await this.finder.connectedTerminals(profile?.id).catch(() => []);
        const targetProfile = target && CLIENT_PROFILES.find(p => p.id === target.session.clientId);
        if (!target || !targetProfile || transportTraits(targetProfile).selection !== 'add-selection') {
            return false;
        }
        const delivered = await this.companion.addFileReferences(target.session.id, files.map(uri => uri.path.fsPath())).catch(() => false);
        if (delivered) {
            this.finder.markUsed(target.terminal);
            await this.terminals.open(target.terminal, { mode: 'activate' });
        }
        return delivered;
    }

    /** Explicit URIs (a menu passed them) or the selected resources, unless the focused editor's selection is what goes. */
    protected resourceTargets(args: unknown[]): URI[] | undefined {
        const explicit = uris(args[0]);
        const active = this.editors.activeEditor;
        if (active && (explicit.length === 0 || (explicit.length === 1 && explicit[0].isEqual(active.editor.uri)))) {
            return undefined;
        }
        const targets = explicit.length > 0 ? explicit : UriSelection.getUris(this.selection.selection);
        return targets.length > 0 ? targets : undefined;
    }

    /**
     * What to type: explicit URIs (a menu passed them), else the focused editor's selection, else the
     * selected resources (the Explorer's context menu passes none: its selection is global), else the
     * last editor's selection.
     */
    protected referenceFor(args: unknown[], style?: ClientProfile['typedReference']): string | undefined {
        const targets = this.resourceTargets(args);
        if (!targets && this.editors.activeEditor) {
            return referenceText([this.editorReference(this.editors.activeEditor.editor, style)]);
        }
        if (targets) {
            return referenceText(targets.map(uri => selectionReference(this.relativePath(uri), undefined, style)));
        }
        const current = this.editors.currentEditor;
        return current ? referenceText([this.editorReference(current.editor, style)]) : undefined;
    }

    protected editorReference(editor: TextEditor, style?: ClientProfile['typedReference']): string {
        const selection = editor.selection;
        const empty = selection.start.line === selection.end.line && selection.start.character === selection.end.character;
        const range = empty ? undefined : { startLine: selection.start.line, endLine: selection.end.line, endCharacter: selection.end.character };
        return selectionReference(this.relativePath(editor.uri), range, style);
    }

    protected relativePath(uri: URI): string {
        const root = this.workspace.tryGetRoots().find(r => r.resource.isEqualOrParent(uri));
        const relative = root?.resource.relative(uri)?.toString();
        // A workspace root itself is "." for the CLI.
        return relative === undefined ? uri.path.fsPath() : relative || '.';
    }

    /** The connected CLI's terminal used last; a new CLI (asked for which when several are on) if none. */
    protected async targetTerminal(profile: ClientProfile | undefined): Promise<{ terminal: TerminalWidget; profile?: ClientProfile } | undefined> {
        const connected = await this.finder.connectedTerminals(profile?.id).catch(() => []);
        if (connected.length > 0) {
            return { terminal: connected[0].terminal, profile: CLIENT_PROFILES.find(p => p.id === connected[0].session.clientId) };
        }
        const toStart = profile ?? await this.pickProfile();
        if (!toStart) {
            return undefined;
        }
        const terminal = await this.launcher.run(toStart);
        const ready = terminal && await this.whenPromptReady(terminal, toStart);
        return ready && { terminal: ready, profile: toStart };
    }

    protected async pickProfile(): Promise<ClientProfile | undefined> {
        const enabled = CLIENT_PROFILES.filter(p => this.isEnabled(p));
        if (enabled.length <= 1) {
            return enabled[0];
        }
        const picked = await this.quickInput.showQuickPick(enabled.map(p => ({ label: p.displayName, profile: p })),
            { placeholder: 'No CLI is connected to this window: which one should start?' });
        return picked?.profile;
    }

    /** Waits for the CLI in `terminal` to connect, then for its output to settle (the prompt is drawn). */
    protected async whenPromptReady(terminal: TerminalWidget, profile: ClientProfile): Promise<TerminalWidget | undefined> {
        let lastOutput = Date.now();
        const listener = terminal.onOutput(() => { lastOutput = Date.now(); });
        try {
            const deadline = Date.now() + CONNECT_TIMEOUT_MS;
            while (Date.now() < deadline && !terminal.isDisposed) {
                const connected = await this.finder.connectedTerminals(profile.id).catch(() => []);
                if (connected.some(entry => entry.terminal === terminal)) {
                    while (Date.now() - lastOutput < QUIET_MS) {
                        await delay(200);
                    }
                    return terminal;
                }
                await delay(500);
            }
        } finally {
            listener.dispose();
        }
        if (!terminal.isDisposed) {
            this.messages.warn(`${profile.displayName} did not connect to this window; the reference was not typed. ${profile.ideCommand
                ? `Did you type ${profile.ideCommand} in it?` : 'Is IDE mode on (/ide enable)?'}`);
        }
        return undefined;
    }
}

function uris(arg: unknown): URI[] {
    if (arg instanceof URI) {
        return [arg];
    }
    return Array.isArray(arg) && arg.every(item => item instanceof URI) ? arg : [];
}

function delay(ms: number): Promise<void> {
    return new Promise(resolve => setTimeout(resolve, ms));
}
