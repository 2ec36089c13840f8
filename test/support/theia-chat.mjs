// Theia's own AI chat view (@theia/ai-chat-ui) driven like a user: open it, type a request into its
// Monaco input, send, read the answer, press the buttons our ACP tool cards show.
import { waitUntil } from './wait.mjs';

export class TheiaChat {
    constructor(window) {
        this.window = window;
        this.page = window.page;
    }

    get view() {
        return this.page.locator('#chat-view-widget');
    }

    get input() {
        return this.view.locator('.theia-ChatInput-Editor .monaco-editor').first();
    }

    /** Opens the chat view (Ctrl+Alt+I toggles it; the command is the same). */
    async open() {
        if (!await this.view.isVisible()) {
            await this.window.runCommand('View: Toggle AI Chat');
        }
        await this.input.waitFor({ state: 'visible', timeout: 30_000 });
    }

    /** Types `text` into the chat input and sends it with the send button (Enter could pick a suggestion). */
    async send(text) {
        await this.type(text);
        await this.submit();
    }

    /** Types at the end of the chat input, like a user. */
    async type(text) {
        // A toast that shows after the clear can cover the input: clear again and retry the click.
        for (let attempt = 1; ; attempt++) {
            await this.clearNotifications();
            try {
                await this.input.click({ timeout: 5_000 });
                break;
            } catch (error) {
                if (attempt === 4) {
                    throw error;
                }
            }
        }
        await this.page.keyboard.press('End');
        await this.page.keyboard.type(text, { delay: 5 });
        await this.page.keyboard.press('Escape'); // closes the @ / # suggestion widget, if one is open
    }

    async submit() {
        const send = this.view.locator('.theia-ChatInput .codicon-send').first();
        await waitUntil(async () => !(await send.locator('..').getAttribute('class')).includes('disabled'), {
            what: 'the send button to be enabled', timeout: 10_000,
            // What the input holds and who has the focus: a disabled Send means the typing went somewhere else.
            diagnostics: async () => {
                if (process.env.AI_CLI_TEST_SCREENSHOTS) {
                    await this.page.screenshot({ path: `${process.env.AI_CLI_TEST_SCREENSHOTS}/send-disabled-${Date.now()}.png` });
                }
                return `input: ${JSON.stringify(await this.input.innerText().catch(() => '?'))}; focus: ${await this.page.evaluate(() => {
                    const active = document.activeElement;
                    return active ? `${active.tagName}.${String(active.className).slice(0, 80)} in #${active.closest('[id]')?.id ?? '?'}` : 'none';
                })}`;
            }
        });
        await send.click();
    }

    /** Closes notification toasts (a failed chat request raises one) that would lie over the input. */
    async clearNotifications() {
        const close = this.page.locator('.theia-notifications-overlay .theia-notification-actions [title="Clear"]');
        for (let attempt = 0; attempt < 5 && await close.count() > 0; attempt++) {
            // The actions show on hover only; the toast may also go by itself meanwhile.
            await close.first().click({ force: true, timeout: 2_000 }).catch(() => undefined);
        }
    }

    /** Everything the chat tree shows, collapsed parts (thinking) included. */
    text() {
        return this.view.locator('.theia-ChatTree, .chat-tree-view-widget, .theia-ChatNodes').first().textContent().catch(() => this.view.textContent());
    }

    /** The chat tree renders only what is in view (virtualised): new answers need it scrolled to the end. */
    scrollToEnd() {
        return this.scrollAll(true);
    }

    /** The first lines of a long chat (a replay's) need it scrolled to the start. */
    scrollToStart() {
        return this.scrollAll(false);
    }

    scrollAll(toEnd) {
        return this.page.evaluate(end => document.querySelectorAll('#chat-view-widget *').forEach(element => {
            if (element.scrollHeight > element.clientHeight + 4 && getComputedStyle(element).overflowY !== 'visible') {
                element.scrollTop = end ? element.scrollHeight : 0;
            }
        }), toEnd);
    }

    async waitForText(pattern, timeout = 60_000) {
        return waitUntil(async () => {
            await this.scrollToEnd();
            const text = (await this.view.textContent()) ?? '';
            return (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)) && text;
        }, { timeout, what: `the chat to show ${pattern}`, diagnostics: async () => (await this.page.screenshot({ path: '/tmp/acp-chat-failure.png' }), `--- chat ---\n${await this.view.textContent()}\n${await this.window.diagnostics()}`) });
    }

    /** The permission buttons of the tool card waiting for an answer: the agent's names for the options
     * (a button shows what the option does by its kind, with the agent's name beside it). */
    async permissionOptions(timeout = 60_000) {
        const buttons = this.view.locator('.theia-acp-permission-option');
        await waitUntil(() => buttons.first().isVisible(), {
            timeout, what: 'permission buttons',
            diagnostics: async () => {
                await this.page.screenshot({ path: '/tmp/acp-chat-failure.png' });
                return `--- chat ---\n${await this.view.textContent()}\n${await this.window.diagnostics()}`;
            }
        });
        return buttons.evaluateAll(all => all.map(button => button.dataset.optionName));
    }

    /** Clicks the permission button of the option the agent named `label`. */
    async choose(label) {
        await this.view.locator(`.theia-acp-permission-option[data-option-name=${JSON.stringify(label)}]`).first().click();
    }

    /** Whether a turn is running: the stop button shows instead of send. */
    isRunning() {
        return this.view.locator('.theia-ChatInput .codicon-stop-circle').isVisible();
    }

    async stop() {
        await this.view.locator('.theia-ChatInput .codicon-stop-circle').first().click();
    }

    async waitUntilIdle(timeout = 60_000) {
        await waitUntil(async () => !(await this.isRunning()), { what: 'the turn to end', timeout });
    }

    /** Picks a mode in the chat input's mode selector (the receiving agent's modes). */
    async selectMode(name) {
        await this.clearNotifications();
        await this.view.locator('.theia-ChatInput-ModeSelector').first().click();
        await this.page.locator('.theia-select-component-dropdown .theia-select-component-option', { hasText: new RegExp(`^${name}$`) }).first().click();
        await waitUntil(async () => (await this.view.locator('.theia-ChatInput-ModeSelector').first().textContent()) === name,
            { what: `the mode selector to show ${name}`, timeout: 10_000 });
    }

    /** The chat input's model selector (Theia's per-session one). */
    get modelSelector() {
        return this.view.locator('.theia-ChatInput-ModelSelector').first();
    }

    /** Opens the model selector and returns its entries' labels ("Default", then the models), then closes it. */
    async modelOptions() {
        await this.clearNotifications();
        await this.modelSelector.waitFor({ state: 'visible', timeout: 20_000 });
        await this.modelSelector.click();
        const values = this.page.locator('.theia-select-component-dropdown .theia-select-component-option-value');
        await values.first().waitFor({ state: 'visible', timeout: 10_000 });
        const texts = await values.allTextContents();
        await this.page.keyboard.press('Escape');
        return texts;
    }

    /**
     * Picks an entry of the model selector by its label (an ACP agent's name for a model, a Theia model's id, or
     * "Default"), and waits until the selector shows `shows`: for an ACP agent, "Default" shows the model it means.
     */
    async selectModel(value, shows = value) {
        await this.clearNotifications();
        await this.modelSelector.waitFor({ state: 'visible', timeout: 20_000 });
        await this.modelSelector.click();
        const exactly = new RegExp(`^${value.replace(/[.*+?^$|()[\]{}\\]/g, '\\$&')}$`);
        await this.page.locator('.theia-select-component-dropdown .theia-select-component-option', {
            has: this.page.locator('.theia-select-component-option-value', { hasText: exactly })
        }).first().click();
        await waitUntil(async () => (await this.modelSelector.textContent()) === shows,
            { what: `the model selector to show ${shows}`, timeout: 10_000 });
    }

    /** The file names in the chat's change set box. */
    async changeSetFiles() {
        const box = this.view.locator('.theia-ChatInput-ChangeSet-Box');
        if (!await box.isVisible()) {
            return [];
        }
        return box.locator('.theia-ChatInput-ChangeSet-title').allTextContents();
    }

    /**
     * The rows of the suggestion list the chat input shows when `trigger` is typed after `prefix` (label and
     * detail), then empties the input. The trigger is typed again until the list shows: the `/` list depends on
     * the receiving agent, which the input learns from `prefix` a moment later.
     */
    async suggestions(prefix, trigger) {
        await this.clearNotifications();
        await this.input.click();
        await this.clearInput();
        const rows = this.page.locator('.suggest-widget.visible .monaco-list-row');
        try {
            await this.page.keyboard.type(prefix, { delay: 5 });
            await waitUntil(async () => {
                await this.page.keyboard.type(trigger, { delay: 5 });
                if (await rows.first().waitFor({ state: 'visible', timeout: 2_000 }).then(() => true, () => false)) {
                    return true;
                }
                for (let i = 0; i < trigger.length; i++) {
                    await this.page.keyboard.press('Backspace');
                }
                return false;
            }, { what: `suggestions on "${prefix}${trigger}"`, timeout: 20_000 });
            return await rows.evaluateAll(elements => elements.map(element => element.textContent.trim()));
        } finally {
            await this.page.keyboard.press('Escape');
            await this.clearInput();
        }
    }

    async clearInput() {
        await this.input.click();
        await this.page.keyboard.press('Control+A');
        await this.page.keyboard.press('Delete');
    }

    /** The chat input's text (its Monaco model). */
    inputText() {
        return this.input.evaluate(element => element.querySelector('.view-lines').textContent.replace(/\u00a0/g, ' ').trim());
    }

    /** The change-set entry of `fileName`. */
    changeSetEntry(fileName) {
        return this.view.locator('.theia-ChatInput-ChangeSet-Box li', { has: this.page.locator('.theia-ChatInput-ChangeSet-title', { hasText: fileName }) }).first();
    }

    /** What the change-set entry of `fileName` says besides its name (its folder, the hunks left to review). */
    changeSetInfo(fileName) {
        return this.changeSetEntry(fileName).locator('.theia-ChatInput-ChangeSet-additionalInfo').innerText();
    }

    /** Opens the diff of the change-set entry of `fileName`, as a click on the entry does. */
    async openChangeSetFile(fileName) {
        await this.clearNotifications();
        await this.changeSetEntry(fileName).locator('.theia-ChatInput-ChangeSet-title').click();
    }

    /** The chat input's whole text, from its Monaco model: the drawn lines of a wrapped message are not in order. */
    inputValue() {
        return this.page.evaluate(() => {
            const container = window.theia.container;
            const shellId = [...container._bindingDictionary._map.keys()].find(key => typeof key === 'function' && /^ApplicationShell\d*$/.test(key.name));
            return container.get(shellId).getWidgetById('chat-view-widget')?.inputWidget?.editor?.getControl().getValue();
        });
    }

    /**
     * Presses the Revert action of the change-set entry of `fileName`. The actions show on hover only, and a toast or
     * a change-set re-render can take the hover away before the click: hover and click again until it lands.
     */
    async revertChangeSetFile(fileName) {
        await this.clearNotifications();
        const entry = this.changeSetEntry(fileName);
        await waitUntil(async () => {
            await entry.hover({ timeout: 5_000 }).catch(() => undefined);
            return entry.locator('.codicon-discard').click({ timeout: 2_000 }).then(() => true, () => false);
        }, { what: `the Revert action of ${fileName} in the change set`, timeout: 30_000 });
    }

    /** Theia's Delete Chat on the session shown, as the chat view's toolbar does it, without the confirmation. */
    async deleteActiveSession() {
        await this.page.evaluate(async () => {
            const container = window.theia.container;
            const key = name => [...container._bindingDictionary._map.keys()].find(k => (typeof k === 'function' ? k.name : k.toString()) === name);
            const chatService = container.get(key('Symbol(ChatService)'));
            await container.get(key('CommandRegistry')).executeCommand('ai-chat-ui.delete-session', chatService.getActiveSession().id, false);
        });
    }

    /** Theia's "Browse all chats…" picker, once it lists something. */
    async browseAllChats() {
        await this.window.runCommand('Browse all chats');
        await waitUntil(async () => await this.listedChat('').count() > 0, { what: 'Browse all chats to list chats', timeout: 60_000 });
        await this.pickerSettled();
    }

    /** The picker no longer shows itself busy: the running agents have answered, and its rows stay where they are. */
    async pickerSettled() {
        const busy = this.page.locator('.quick-input-widget .monaco-progress-container.active');
        await waitUntil(async () => await busy.count() === 0, { what: 'Browse all chats to stop waiting for the agents', timeout: 15_000 });
    }

    /** Presses the picker's "Load the sessions of …" entry: the agents that would have to start are asked (issue 31 part 4). */
    async loadAgentHistories() {
        const entry = this.listedChat('Load the sessions of');
        await entry.first().click();
        await waitUntil(async () => await entry.count() === 0, { what: 'the load entry to leave the list once pressed', timeout: 10_000 });
    }

    /** The picker's entries that show `text` (an agent's sessions as "<agent>: <title>"). */
    listedChat(text) {
        return this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ hasText: text });
    }

    /** A new chat session (the view's "New Chat" command). */
    async newSession() {
        await this.window.runCommand('Chat: Home');
        await this.input.waitFor({ state: 'visible', timeout: 30_000 });
    }
}
