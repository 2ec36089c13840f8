import * as vscode from 'vscode';

/**
 * The companion's variables in every terminal opened from now on, through the extension's
 * environment variable collection. Not persistent: a restored value would carry the last session's
 * port and token. Scoped per workspace folder: in Theia the collection lives in a backend singleton
 * shared by all windows, so an unscoped entry would be overwritten by the next window's plugin host.
 */
export class TerminalEnvironment {
    private appliedFolders: vscode.WorkspaceFolder[] = [];
    private appliedUnscoped = false;

    constructor(private readonly collection: vscode.GlobalEnvironmentVariableCollection) {
        collection.persistent = false;
        collection.description = 'Lets Gemini CLI, Qwen Code and LLxprt Code connect to this window';
    }

    apply(env: Record<string, string>, folders: readonly vscode.WorkspaceFolder[] | undefined): void {
        this.clear();
        const scopes: vscode.EnvironmentVariableCollection[] = folders && folders.length > 0
            ? folders.map(workspaceFolder => this.collection.getScoped({ workspaceFolder }))
            : [this.collection]; // no folder: nothing to scope to (the CLIs will ask for a folder anyway)
        for (const scope of scopes) {
            for (const [name, value] of Object.entries(env)) {
                scope.replace(name, value);
            }
        }
        this.appliedFolders = [...(folders ?? [])];
        this.appliedUnscoped = !folders || folders.length === 0;
    }

    clear(): void {
        for (const workspaceFolder of this.appliedFolders) {
            this.collection.getScoped({ workspaceFolder }).clear();
        }
        if (this.appliedUnscoped) {
            this.collection.clear();
        }
        this.appliedFolders = [];
        this.appliedUnscoped = false;
    }
}
