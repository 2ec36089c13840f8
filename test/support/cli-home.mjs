import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Gemini CLI user settings for a test run: API-key auth, and every first-run prompt or network side
 * trip switched off, so the prompt is ready as soon as the CLI starts.
 */
export function geminiTestSettings({ ideEnabled = false } = {}) {
    return {
        security: { auth: { selectedType: 'gemini-api-key' } },
        ide: {
            enabled: ideEnabled,
            // Otherwise the CLI opens "Do you want to connect Eclipse Theia to Gemini CLI?" over the prompt.
            hasSeenNudge: true
        },
        // The update check would reach the npm registry and may even self-update the package.
        general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
        privacy: { usageStatisticsEnabled: false }
    };
}

/**
 * Qwen Code user settings: an OpenAI-compatible provider whose key and base URL come from the
 * environment (OPENAI_API_KEY / OPENAI_BASE_URL / OPENAI_MODEL), so no auth dialog opens.
 */
export function qwenTestSettings({ ideEnabled = false } = {}) {
    return {
        security: { auth: { selectedType: 'openai' } },
        ide: { enabled: ideEnabled, hasSeenNudge: true },
        // Qwen's launcher otherwise checks npm and installs updates under ~/.qwen/updates.
        general: { enableAutoUpdate: false },
        privacy: { usageStatisticsEnabled: false },
        tools: {
            // The default 'auto' mode asks the model to classify every tool call; 'default' asks the
            // user, which is the flow that opens the IDE diff.
            approvalMode: 'default',
            // The bundled rg lacks its exec bit in this install; the fallback grep avoids a warning box.
            useRipgrep: false
        }
    };
}

/**
 * An isolated HOME, TMPDIR and workspace under one mkdtemp directory, so a CLI run never reads or
 * writes the developer's real ~/.gemini, ~/.qwen or discovery files.
 */
export class CliHome {
    static create(prefix = 'cli-home-') {
        // realpath: the CLIs compare trusted folders and workspace paths after resolving symlinks.
        const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
        return new CliHome(root);
    }

    constructor(root) {
        this.root = root;
        this.home = path.join(root, 'home');
        this.tmpdir = path.join(root, 'tmp');
        this.workspace = path.join(root, 'workspace');
        for (const dir of [this.home, this.tmpdir, this.workspace]) {
            fs.mkdirSync(dir, { recursive: true });
        }
    }

    /** The `host` a CompanionEndpoint needs to write discovery files where this CLI looks. */
    get host() {
        return { env: { HOME: this.home }, homedir: this.home, tmpdir: this.tmpdir };
    }

    /** Environment overrides for the CLI process. */
    get env() {
        return { HOME: this.home, USERPROFILE: this.home, TMPDIR: this.tmpdir };
    }

    /** A full environment for a process inside this home: this process's, the overrides, then `extra`. */
    processEnv(extra = {}) {
        return { ...process.env, ...this.env, ...extra };
    }

    /** Where Gemini CLI and Qwen Code look for discovery files in this home. */
    get geminiDir() {
        return path.join(this.tmpdir, 'gemini', 'ide');
    }

    get qwenDir() {
        return path.join(this.home, '.qwen', 'ide');
    }

    writeJson(relativePath, value) {
        const file = path.join(this.home, relativePath);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, JSON.stringify(value, null, 2));
        return file;
    }

    /** ~/.gemini/settings.json, plus the workspace marked trusted (what the trust dialog would write). */
    setUpGemini(settings = geminiTestSettings()) {
        this.writeJson('.gemini/settings.json', settings);
        this.writeJson('.gemini/trustedFolders.json', { [this.workspace]: 'TRUST_FOLDER' });
    }

    /** ~/.qwen/settings.json, plus the workspace marked trusted. */
    setUpQwen(settings = qwenTestSettings()) {
        this.writeJson('.qwen/settings.json', settings);
        this.writeJson('.qwen/trustedFolders.json', { [this.workspace]: 'TRUST_FOLDER' });
    }

    get claudeDir() {
        return path.join(this.home, '.claude', 'ide');
    }

    /**
     * ~/.claude.json with every first-run dialog answered and the workspace trusted (claude-code.md §10),
     * so the prompt is ready at start; `apiKey` is approved for use without asking.
     */
    setUpClaude(apiKey, extra = {}) {
        this.writeJson('.claude.json', {
            hasCompletedOnboarding: true,
            theme: 'dark',
            hasSeenAutoDefaultNudge: true,
            hasIdeAutoConnectDialogBeenShown: true,
            // The default, but only when written: without the key 2.1.330 never calls openDiff (measured).
            diffTool: 'auto',
            customApiKeyResponses: { approved: [apiKey.slice(-20)], rejected: [] },
            projects: { [this.workspace]: { hasTrustDialogAccepted: true } },
            ...extra
        });
    }

    cleanup() {
        fs.rmSync(this.root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
}

/**
 * The process environment minus anything that would make a CLI use real credentials, a real IDE or
 * non-interactive mode (CI), so only what a test passes explicitly counts.
 */
export function cleanProcessEnv() {
    const env = { ...process.env };
    for (const name of Object.keys(env)) {
        if (/^(GEMINI_|GOOGLE_|QWEN_|OPENAI_|DASHSCOPE_|ANTHROPIC_|CLAUDE|ENABLE_IDE_INTEGRATION|TERM_PROGRAM|VSCODE_|CI$|CI_|GITHUB_ACTIONS|REMOTE_CONTAINERS|CLOUD_SHELL|NO_COLOR)/.test(name)) {
            delete env[name];
        }
    }
    env.TERM = 'xterm-256color';
    return env;
}

/** Names in a directory, without dot files (temp files being renamed into place); [] if it is missing. */
export function listFiles(dir) {
    try {
        return fs.readdirSync(dir).filter(name => !name.startsWith('.'));
    } catch {
        return [];
    }
}
