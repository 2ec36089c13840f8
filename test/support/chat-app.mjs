// The set-up the chat e2e specs share: Chromium, the loopback fake model APIs the agents talk to, a temp
// root with its workspace (the backend's HOME is <root>/home), then a Theia backend with a window on the
// workspace and Theia's AI chat open. Everything started is pushed onto the spec's CleanupStack, so it is
// undone in reverse: the window, the backend, then the folders, the fakes and the browser.
import path from 'node:path';
import { startAcpTheiaBackend } from './acp-theia-backend.mjs';
import { FakeGeminiApi } from './fake-gemini-api.mjs';
import { FakeOpenAiApi } from './fake-openai-api.mjs';
import { TheiaChat } from './theia-chat.mjs';
import { TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, writeTree } from './theia-app.mjs';

export class ChatApp {
    /**
     * Chromium, the fakes asked for (`gemini: true`; `openai`: true or FakeOpenAiApi.start's options), and
     * `<root>/workspace` holding `files`. The app itself starts with `open` or `openAcp`.
     */
    static async start(cleanup, { prefix, files = { 'README.md': '# sample\n' }, gemini = false, openai = false }) {
        const app = new ChatApp(cleanup);
        app.browser = await launchChromium();
        cleanup.push(() => app.browser.close());
        if (gemini) {
            app.gemini = await FakeGeminiApi.start();
            cleanup.push(() => app.gemini.close());
        }
        if (openai) {
            app.openai = await FakeOpenAiApi.start(openai === true ? undefined : openai);
            cleanup.push(() => app.openai.close());
        }
        app.root = makeTempRoot(prefix);
        cleanup.push(() => removeTempRoot(app.root));
        app.workspace = writeTree(path.join(app.root, 'workspace'), files);
        return app;
    }

    constructor(cleanup) {
        this.cleanup = cleanup;
    }

    /**
     * The backend the ACP runs use (the real gemini, and qwen when there is an OpenAI fake, on its PATH):
     * `options` as startAcpTheiaBackend takes them, the root, workspace and fakes filled in.
     */
    openAcp(options = {}) {
        return this.open(() => startAcpTheiaBackend({ root: this.root, workspace: this.workspace, gemini: this.gemini, openai: this.openai, ...options }));
    }

    /**
     * Starts a backend with `startBackend()`, opens a window on the workspace (`windowOptions` as
     * TheiaWindow.open takes them) and the chat view.
     * After `close`, it may open again (a restart on the same HOME and workspace).
     */
    async open(startBackend, windowOptions = {}) {
        if (!this.closePushed) {
            this.closePushed = true;
            this.cleanup.push(() => this.close());
        }
        this.backend = await startBackend();
        this.window = await TheiaWindow.open(this.browser, this.backend, this.workspace, windowOptions);
        this.chat = new TheiaChat(this.window);
        await this.chat.open();
        return this;
    }

    /** Closes the window, then stops the backend. */
    async close() {
        const { window, backend } = this;
        this.window = this.backend = this.chat = undefined;
        try {
            await window?.close();
        } finally {
            await backend?.stop();
        }
    }
}
