// Chromium pages on a Theia backend, and what the end-to-end specs do in them: open files, the diff
// editor, commands, the terminal, output channels, the status bar.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import { ARTIFACTS_DIR } from './theia-backend.mjs';
import { sleep, waitUntil } from './wait.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Monaco binds Ctrl on Linux and Cmd on macOS; Chromium here runs on the test host. */
export const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

export function launchChromium() {
    if (!fs.existsSync(CHROMIUM)) {
        throw new Error(`No Chromium at ${CHROMIUM}: install Debian's with "apt-get install -y chromium" (scripts/test.sh does), or set CHROMIUM_PATH.`);
    }
    return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * How a companion shows itself in a window: the native Theia extension, or the .vsix in a plugin host
 * (Theia names a plugin's status bar item and toolbar buttons after the ids the extension chose).
 */
export const NATIVE_UI = {
    statusBarId: 'status-bar-ai-cli-companion-status',
    accept: '[id="aiCliCompanion.diff.accept"]',
    reject: '[id="aiCliCompanion.diff.reject"]'
};
/** A plugin's `editor/title` entries become toolbar items titled after the command (ids carry a suffix). */
export const VSIX_UI = {
    statusBarId: 'status-bar-aiCli.status',
    accept: '#theia-main-content-panel [title^="Accept Proposed Change"]',
    reject: '#theia-main-content-panel [title^="Reject Proposed Change"]'
};

/**
 * One Theia window: a Chromium page in its own browser context (own storage, so two windows on two
 * folders never share Theia's local-storage state), with its console errors kept for diagnostics.
 */
export class TheiaWindow {
    /** `setup(context)` runs before the page loads: permissions, init scripts. `ui`: which companion's widgets. */
    static async open(browser, backend, folder, { timeout = 120_000, setup, ui = NATIVE_UI, onNavigate } = {}) {
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        await setup?.(context);
        const page = await context.newPage();
        const window = new TheiaWindow(backend, context, page, folder, ui);
        onNavigate?.();
        // The page's own load (a 20 MB bundle) shares two cores with the backend and the agents: give it the
        // shell's budget, not playwright's 30 s default (a busy run timed out here before the shell was asked for).
        await page.goto(`${backend.url}/#${folder}`, { timeout });
        await window.waitForShell(timeout);
        return window;
    }

    constructor(backend, context, page, folder, ui = NATIVE_UI) {
        this.ui = ui;
        this.backend = backend;
        this.context = context;
        this.page = page;
        this.folder = folder;
        this.consoleErrors = [];
        page.on('console', message => {
            if (message.type() === 'error') {
                const where = message.location()?.url;
                this.consoleErrors.push(where ? `${message.text()} (${where})` : message.text());
            }
        });
        page.on('pageerror', error => this.consoleErrors.push(`pageerror: ${error.stack ?? error}`));
        // The console names no URL for a failed load; this does.
        page.on('response', response => response.status() >= 400
            && this.consoleErrors.push(`HTTP ${response.status()} ${response.url()}`));
        page.on('crash', () => this.consoleErrors.push('the page crashed'));
    }

    async waitForShell(timeout) {
        const page = this.page;
        await page.waitForSelector('#theia-app-shell', { state: 'attached', timeout });
        await page.waitForSelector('.theia-preload', { state: 'detached', timeout });
        // The workspace is open once the title names the folder; the companion is up once its status item shows.
        const folderName = path.basename(this.folder);
        // The title names the folder after the active editor's name, if any (a reloaded window reopens its reviews).
        await waitUntil(() => page.evaluate(([name, statusBarId]) => document.title.split(/\s+[—–-]\s+/).includes(name)
            && !!document.getElementById(statusBarId), [folderName, this.ui.statusBarId]),
        { timeout, what: `the window on ${folderName} to be ready`, diagnostics: () => this.diagnostics() });
    }

    async diagnostics() {
        const errors = this.consoleErrors.slice(-30).join('\n');
        return `--- console errors of the page on ${this.folder} ---\n${errors || '(none)'}\n${this.backend.logTail()}`;
    }

    /** Moves the mouse off every tab and waits for a tab's hover (its path) to go: only for clean screenshots. */
    async dismissHover() {
        await this.page.mouse.move(700, 15);
        await this.page.locator('.theia-hover').waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    }

    /** Gives a side panel ('left', 'right', 'bottom') this size in pixels, as dragging its edge would; for pictures. */
    async resizePanel(area, size) {
        await this.page.evaluate(([where, pixels]) => {
            const container = globalThis.theia.container;
            const shellId = [...container._bindingDictionary._map.keys()].find(key => typeof key === 'function' && /^ApplicationShell\d*$/.test(key.name));
            container.get(shellId).resize(pixels, where);
        }, [area, size]);
        const panel = this.page.locator(`#theia-${area}-content-panel`);
        const measure = area === 'bottom' ? 'height' : 'width';
        await waitUntil(async () => Math.abs(((await panel.boundingBox())?.[measure] ?? 0) - size) < 8,
            { timeout: 10_000, what: `the ${area} panel to be ${size} px` });
    }

    async screenshot(name) {
        fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
        const file = path.join(ARTIFACTS_DIR, name);
        await this.page.screenshot({ path: file });
        return file;
    }

    /** Opens a file of this window's folder through Quick Open (Ctrl/Cmd+P) and waits for its editor. */
    async openFile(relativePath) {
        const page = this.page;
        const base = path.basename(relativePath);
        await this.focusShell();
        await page.keyboard.press(`${MOD}+P`);
        const input = page.locator('.quick-input-widget input.input');
        await input.waitFor({ state: 'visible', timeout: 15_000 });
        await input.fill(relativePath);
        // The file search runs in the backend; wait for this exact file among the results.
        const row = page.locator('.quick-input-list .monaco-list-row', { hasText: base }).first();
        await row.waitFor({ state: 'visible', timeout: 30_000 });
        await row.click();
        await input.waitFor({ state: 'hidden', timeout: 15_000 });
        await this.waitForFocusedEditor(base);
    }

    /** Waits until the current main-area tab is `label` and its (non-diff) editor has the keyboard focus. */
    waitForFocusedEditor(label) {
        return waitUntil(async () => await this.currentTabLabel() === label && await this.activeEditorFocused(), {
            timeout: 30_000, what: `the editor ${label} to be current and focused`,
            diagnostics: async () => `current tab: ${await this.currentTabLabel()}\n${await this.diagnostics()}`
        });
    }

    /** The label of the main area's current tab. */
    currentTabLabel() {
        return this.page.evaluate(() => document.querySelector(
            '#theia-main-content-panel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel')?.textContent ?? null);
    }

    /** The main-area tab whose label is exactly `label`. */
    tab(label) {
        return this.page.locator('#theia-main-content-panel .p-TabBar-tab, #theia-main-content-panel .lm-TabBar-tab')
            .filter({ has: this.page.locator('.p-TabBar-tabLabel, .lm-TabBar-tabLabel', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) });
    }

    activeEditorFocused() {
        return this.page.evaluate(() => {
            const active = document.activeElement;
            return !!active && !!active.closest('.monaco-editor') && !active.closest('.monaco-diff-editor');
        });
    }

    /** Activates the main-area tab `label` and waits until its (non-diff) editor has the keyboard focus. */
    async focusEditorTab(label) {
        await this.tab(label).click();
        await this.waitForFocusedEditor(label);
    }

    /**
     * Selects in the focused editor from the start of `line` (1-based) over `length` characters with
     * the keyboard: Ctrl+Home, Down×(line-1), Home, Shift+Right×length.
     */
    async selectInActiveEditor(line, length) {
        const page = this.page;
        await page.keyboard.press(`${MOD}+Home`);
        for (let i = 1; i < line; i++) {
            await page.keyboard.press('ArrowDown');
        }
        await page.keyboard.press('Home');
        for (let i = 0; i < length; i++) {
            await page.keyboard.press('Shift+ArrowRight');
        }
    }

    /** Focus in the shell and not in an input, so Theia's keybindings apply. */
    async focusShell() {
        await this.page.evaluate(() => {
            const active = document.activeElement;
            // A terminal's xterm swallows Ctrl+P and F1 like any shell would.
            if (active instanceof HTMLElement && active.closest('.quick-input-widget, .xterm')) {
                active.blur();
            }
        });
    }

    /** The diff editor of a review, located by its tab title. */
    diffTab(fileName, client = 'Gemini CLI') {
        return this.tab(`${fileName} ↔ proposed by ${client}`);
    }

    acceptButton() {
        return this.page.locator(this.ui.accept);
    }

    rejectButton() {
        return this.page.locator(this.ui.reject);
    }

    /** The visible diff editor of the main area. */
    diffEditor() {
        return this.page.locator('#theia-main-content-panel .monaco-diff-editor').filter({ visible: true });
    }

    /** The editable (right) side of the visible diff editor. */
    modifiedEditor() {
        return this.diffEditor().locator('.editor.modified');
    }

    /** The read-only (left) side of the visible diff editor. */
    originalEditor() {
        return this.diffEditor().locator('.editor.original');
    }

    /** Clicks into the proposal (the diff's editable side), types `text` at its end, and waits until it shows. */
    async typeAtEndOfProposal(text) {
        const box = await this.modifiedEditor().boundingBox();
        await this.page.mouse.click(box.x + 80, box.y + 10);
        await this.page.keyboard.press(`${MOD}+End`);
        await this.page.keyboard.type(text);
        await this.page.keyboard.press('Escape');
        await waitUntil(async () => (await this.renderedText(this.modifiedEditor())).includes(text), { timeout: 15_000, what: 'the typed text in the proposal' });
    }

    /** The rendered text of one side (Monaco renders each line once; fine for short files). */
    async renderedText(sideLocator) {
        const text = await sideLocator.locator('.view-lines').innerText();
        // Monaco renders spaces as U+00A0.
        return text.replace(/\u00a0/g, ' ');
    }

    /** Clicks the × of the main-area tab `label`. */
    async closeTab(label) {
        const tab = this.tab(label);
        await tab.hover();
        await tab.locator('.lm-TabBar-tabCloseIcon, .p-TabBar-tabCloseIcon').click();
    }

    /** Runs a command from the command palette (F1) by its label. */
    async runCommand(label) {
        const page = this.page;
        await this.focusShell();
        await page.keyboard.press('F1');
        const input = page.locator('.quick-input-widget input.input');
        await input.waitFor({ state: 'visible', timeout: 15_000 });
        await input.fill(`>${label}`);
        await page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first().click();
    }

    /** The title of every widget the shell holds (open or not shown), from the frontend container. */
    widgetTitles() {
        return this.page.evaluate(() => {
            const container = window.theia?.container;
            const shellId = [...container._bindingDictionary._map.keys()]
                .find(key => typeof key === 'function' && /^ApplicationShell\d*$/.test(key.name));
            return container.get(shellId).widgets.map(widget => widget.title.label);
        });
    }

    /**
     * The text of the terminal with the most output, from its TerminalWidget's buffer: xterm draws on
     * a WebGL canvas, so the DOM has no text. The frontend container is exposed as window.theia.container.
     */
    terminalText() {
        return this.page.evaluate(() => {
            const container = window.theia?.container;
            const shellId = [...container._bindingDictionary._map.keys()]
                .find(key => typeof key === 'function' && /^ApplicationShell\d*$/.test(key.name));
            const texts = container.get(shellId).widgets
                .filter(widget => widget.buffer && typeof widget.sendText === 'function')
                .map(widget => widget.buffer.getLines(0, widget.buffer.length, true).join('\n').trim());
            return texts.sort((a, b) => b.length - a.length)[0] ?? '';
        });
    }

    /** Types a line into the terminal like a user: keys, a pause once it shows, then Enter (not a paste). */
    async typeInTerminal(line) {
        const page = this.page;
        await page.locator('.xterm-helper-textarea').first().focus();
        await page.keyboard.type(line, { delay: 20 });
        await waitUntil(async () => (await this.terminalText()).includes(line), {
            timeout: 15_000, what: `"${line}" to echo in the terminal`,
            diagnostics: async () => `--- terminal ---\n${await this.terminalText()}`
        });
        await sleep(300);
        await page.keyboard.press('Enter');
    }

    /**
     * Types a line into the focused terminal's CLI until it echoes (a CLI drops keys while it still draws), clearing
     * the input with Ctrl+U between tries; after 5 tries the error carries `diagnostics()`.
     */
    async typeInTerminalUntilEcho(line, diagnostics = async () => '') {
        for (let attempt = 1; ; attempt++) {
            try {
                await this.typeInTerminal(line);
                return;
            } catch (error) {
                if (attempt >= 5) {
                    throw new Error(`${error.message}\n${await diagnostics()}`);
                }
                await this.page.keyboard.press('Control+U');
            }
        }
    }

    /**
     * The text of the output channel `name`, read from Theia's OutputChannelManager (shown first: its
     * text model exists once the channel is shown).
     */
    outputChannelText(name) {
        return this.page.evaluate(async channelName => {
            const container = window.theia?.container;
            const managerId = [...container._bindingDictionary._map.keys()]
                .find(key => typeof key === 'function' && /^OutputChannelManager\d*$/.test(key.name));
            const manager = container.get(managerId);
            if (!manager.getChannels().some(channel => channel.name === channelName)) {
                return undefined;
            }
            const channel = manager.getChannel(channelName);
            channel.show({ preserveFocus: true });
            const reference = await Promise.race([channel.resource.editorModelRef.promise, new Promise(resolve => setTimeout(resolve, 5000))]);
            return reference?.object.textEditorModel.getValue();
        }, name);
    }

    /**
     * Moves or deletes a file through Theia's own FileService, as the Explorer's rename and delete do
     * (an operation event, not only a watcher event). Paths are relative to the first workspace root.
     */
    fileOperation(operation, from, to) {
        return this.page.evaluate(async ({ operation, from, to }) => {
            const container = window.theia?.container;
            const get = name => container.get([...container._bindingDictionary._map.keys()]
                .find(key => typeof key === 'function' && key.name === name));
            const root = (await get('WorkspaceService').roots)[0].resource;
            const fileService = get('FileService');
            if (operation === 'move') {
                await fileService.move(root.resolve(from), root.resolve(to));
            } else {
                await fileService.delete(root.resolve(from));
            }
        }, { operation, from, to });
    }

    /** The text of the companion's status bar item. */
    statusBarText() {
        return this.page.evaluate(id => document.getElementById(id)?.textContent ?? '', this.ui.statusBarId);
    }

    async close() {
        await this.context.close().catch(() => undefined);
    }
}

function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
