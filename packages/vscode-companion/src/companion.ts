import * as vscode from 'vscode';
import { CompanionEndpoint, WorkspaceState } from '@ai-cli-companion/core/node';
import { OpenFilesModel } from '@ai-cli-companion/core';
import { registerCliCommands } from './cli-commands';
import { startCodexSocket } from './codex-socket';
import { affectsProfiles, enabledProfiles } from './companion-settings';
import { registerDiagnoseConnection } from './diagnose-connection';
import { DiffReviewService } from './diff-review-service';
import type { HostIdentity } from './host-identity';
import { OpenFilesTracker } from './open-files-tracker';
import type { CompanionOutput } from './companion-output';
import { MemoryFileSystem, ORIGINAL_SCHEME, PROPOSAL_SCHEME } from './proposal-file-system';
import { CompanionStatusBar } from './status-bar';
import { TerminalEnvironment } from './terminal-environment';

/**
 * The companion of one window: the core's endpoint (server, discovery files, diff registry) fed by
 * this window's folders, settings and editors, and showing its diffs here. Only wiring lives here.
 */
export class Companion implements vscode.Disposable {
    readonly endpoint: CompanionEndpoint;
    private readonly disposables: vscode.Disposable[] = [];
    private readonly terminalEnvironment: TerminalEnvironment;
    private readonly removeFilesOnExit = () => this.endpoint.removeDiscoveryFilesSync();
    private trusted: boolean | undefined;
    private readonly version: string;

    constructor(context: vscode.ExtensionContext, private readonly host: HostIdentity, private readonly log: CompanionOutput) {
        this.version = String(context.extension.packageJSON.version ?? '0.0.0');
        this.endpoint = new CompanionEndpoint({
            ideInfo: host.ideInfo,
            idePid: host.idePid,
            // Qwen deletes lock files whose ppid is dead: this plugin host lives exactly as long as the server.
            backendPid: process.pid,
            profiles: enabledProfiles(),
            logger: log,
            serverVersion: this.version
        });
        this.terminalEnvironment = new TerminalEnvironment(context.environmentVariableCollection);
    }

    async start(): Promise<void> {
        const proposals = new MemoryFileSystem(PROPOSAL_SCHEME, false);
        const originals = new MemoryFileSystem(ORIGINAL_SCHEME, true);
        const review = new DiffReviewService((id, outcome) => this.endpoint.resolveDiff(id, outcome), proposals, originals, this.log);
        const model = new OpenFilesModel({ publish: context => this.endpoint.updateContext(context) });
        const tracker = new OpenFilesTracker(model);
        const statusBar = new CompanionStatusBar();
        this.disposables.push(proposals.register(), originals.register(), review, tracker, statusBar, { dispose: () => model.dispose() },
            vscode.commands.registerCommand('aiCli.diff.accept', (uri?: vscode.Uri) => review.accept(uri)),
            vscode.commands.registerCommand('aiCli.diff.reject', (uri?: vscode.Uri) => review.reject(uri)),
            ...registerCliCommands(this.endpoint, this.log),
            registerDiagnoseConnection(this.endpoint, this.log, this.version),
            vscode.workspace.onDidChangeWorkspaceFolders(() => this.workspaceChanged()),
            vscode.workspace.onDidGrantWorkspaceTrust(() => {
                this.trusted = true;
                this.workspaceChanged();
            }),
            vscode.workspace.onDidChangeConfiguration(event => affectsProfiles(event) && this.profilesChanged()));
        // In Theia the first read of isTrusted may open the trust dialog; the grant event arrives at start anyway.
        this.trusted = this.host.isTheia ? undefined : vscode.workspace.isTrusted;
        this.endpoint.onDidChange(() => statusBar.show(this.endpoint.status()));
        this.endpoint.attachView(review);
        await this.endpoint.start(this.workspaceState());
        process.on('exit', this.removeFilesOnExit);
        this.disposables.push(startCodexSocket(this.endpoint, this.log));
        tracker.start();
        this.terminalEnvironment.apply(this.endpoint.terminalEnv(), vscode.workspace.workspaceFolders);
        statusBar.show(this.endpoint.status());
        this.log.info(`${this.host.ideInfo.displayName}: discovery files ${this.endpoint.status().files.join(', ')}; ` +
            `IDE PID ${this.host.idePid}. Open a new terminal, run gemini or qwen, and type /ide enable once.`);
    }

    async stop(): Promise<void> {
        process.off('exit', this.removeFilesOnExit);
        this.terminalEnvironment.clear();
        this.disposables.splice(0).forEach(d => d.dispose());
        await this.endpoint.stop();
    }

    dispose(): void {
        void this.stop();
    }

    private workspaceState(): WorkspaceState {
        const roots = (vscode.workspace.workspaceFolders ?? []).filter(f => f.uri.scheme === 'file').map(f => f.uri.fsPath);
        return { roots, trusted: this.trusted };
    }

    private workspaceChanged(): void {
        this.endpoint.update({ workspace: this.workspaceState() });
        this.terminalEnvironment.apply(this.endpoint.terminalEnv(), vscode.workspace.workspaceFolders);
    }

    private profilesChanged(): void {
        this.endpoint.update({ profiles: enabledProfiles() });
        this.terminalEnvironment.apply(this.endpoint.terminalEnv(), vscode.workspace.workspaceFolders);
        this.log.info(`Clients that may connect: ${this.endpoint.status().profiles.join(', ') || 'none'}`);
    }
}
