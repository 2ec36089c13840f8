import { execFile } from 'child_process';
import * as http from 'http';
import * as path from 'path';
import { isInsideRoot } from '@ai-cli-companion/node-base';
import { CLIENT_PROFILES, ClientProfile } from '../../common/client-profiles';
import { ClientTransportTraits, transportTraits } from '../../common/client-transports';
import { ConnectionDiagnosis, DiagnosisCheck, DiagnosisRequest, DiagnosisSection, EditorWording } from '../../common/connection-diagnosis';
import { CliCommandLookup } from '../cli-host/cli-command-lookup';
import { CliProcessFinder } from '../cli-host/cli-process-finder';
import { CliSettingsFile } from '../cli-settings-file';
import { currentHostEnvironment, discoveryDirectory, HostEnvironment, resolveHomeRelative } from '../host-paths';
import { isInContainer, isProcessAlive } from '../process-info';
import { copilotLockCheck } from './copilot-lock-check';
import { readPrivateFile } from './private-file-check';
import { approvalModeCheck, diffToolCheck } from './write-mode-checks';

const VERSION_TIMEOUT_MS = 20_000;

export interface ConnectionDiagnosticsOptions {
    readonly wording: EditorWording;
    /** The CLIs to check; every profile by default. */
    readonly profiles?: readonly ClientProfile[];
    readonly finder?: CliProcessFinder;
    readonly lookup?: CliCommandLookup;
    readonly host?: HostEnvironment;
    readonly inContainer?: boolean;
}

/**
 * Diagnose Connection's checks: everything the CLIs' own error messages blame ("IDE connection
 * failed", "Directory mismatch", "could not find the IDE"…), each with a fix in the editor's words.
 */
export class ConnectionDiagnostics {
    protected readonly wording: EditorWording;
    protected readonly profiles: readonly ClientProfile[];
    protected readonly finder: CliProcessFinder;
    protected readonly lookup: CliCommandLookup;
    protected readonly host: HostEnvironment;
    protected readonly inContainer: boolean;

    constructor(options: ConnectionDiagnosticsOptions) {
        this.wording = options.wording;
        this.profiles = options.profiles ?? CLIENT_PROFILES;
        this.finder = options.finder ?? new CliProcessFinder();
        this.lookup = options.lookup ?? new CliCommandLookup();
        this.host = options.host ?? currentHostEnvironment();
        this.inContainer = options.inContainer ?? isInContainer();
    }

    async diagnose(request: DiagnosisRequest): Promise<ConnectionDiagnosis> {
        const sections = await Promise.all([
            this.serverSection(request),
            this.discoverySection(request),
            this.terminalSection(request),
            ...this.profiles.map(profile => this.clientSection(profile, request))
        ]);
        return { createdAt: new Date().toISOString(), sections };
    }

    protected async serverSection({ status, terminalShellPids }: DiagnosisRequest): Promise<DiagnosisSection> {
        const checks: DiagnosisCheck[] = [];
        if (!status.running) {
            checks.push({ status: 'error', title: 'The companion server of this window is not running', fix: 'Reload the window (F1 → Reload Window); if it stays down, see the "AI CLI Companion" output and the backend log.' });
        } else {
            const answer = await probe(status.port);
            checks.push(answer === 401 || answer === 403
                ? { status: 'ok', title: `Server listening on 127.0.0.1:${status.port}`, details: [`An unauthenticated request is refused with HTTP ${answer}, as it must be.`] }
                : { status: 'error', title: `Port ${status.port} does not answer like the companion server (${answer})`, fix: 'Reload the window; another program may hold the port.' });
        }
        const processes = [
            ...this.finder.find(status.sessions
                .filter(s => s.remotePort)
                .map(s => ({ sessionId: s.id, serverPort: status.port, remotePort: s.remotePort! })), terminalShellPids),
            // Copilot CLI and Codex CLI name their process instead.
            ...this.finder.findByPid(status.sessions.filter(s => !s.remotePort && s.pid).map(s => ({ sessionId: s.id, pid: s.pid! })), terminalShellPids)
        ];
        if (status.sessions.length === 0) {
            checks.push({ status: 'info', title: 'No CLI is connected to this window',
                fix: `Run "${this.wording.runCommand(this.firstEnabled(status.profiles))}" (or another CLI's), or type /ide enable in a CLI started in a terminal of this window.` });
        }
        for (const session of status.sessions) {
            const found = processes.find(p => p.sessionId === session.id);
            checks.push({
                status: 'ok',
                title: `${this.profiles.find(p => p.id === session.clientId)?.displayName ?? session.clientId} connected (session ${session.id.slice(0, 8)})`,
                details: [`since ${new Date(session.since).toISOString()}`,
                    found ? `process ${found.pid} in the terminal whose shell is ${found.shellPid}, working directory ${found.cwd ?? '(unknown)'}` : 'not started from a terminal of this window (or its process is not visible)']
            });
        }
        if (status.lastError) {
            checks.push({ status: 'warning', title: 'Last error', details: [status.lastError], fix: 'See the "AI CLI Companion" output channel for the context of this error.' });
        }
        return { title: 'Companion server', checks };
    }

    protected discoverySection({ status, roots }: DiagnosisRequest): DiagnosisSection {
        const checks: DiagnosisCheck[] = [];
        const uid = process.getuid?.();
        for (const profile of this.profiles.filter(p => status.profiles.includes(p.id))) {
            const { finds } = transportTraits(profile);
            if (finds === 'backend-socket') {
                checks.push({ status: 'ok', title: `${profile.displayName} needs no discovery file: it asks the socket of the backend` });
                continue;
            }
            const directory = discoveryDirectory(profile, this.host);
            const file = status.files.find(f => path.dirname(f) === directory);
            if (!file) {
                checks.push({ status: 'error', title: `No discovery file for ${profile.displayName} in ${directory}`, fix: `Reload the window; check that ${directory} is writable.` });
                continue;
            }
            const fileChecks: Record<Exclude<ClientTransportTraits['finds'], 'backend-socket'>, () => DiagnosisCheck> = {
                'discovery-file': () => this.discoveryFileCheck(profile, file, status.port, status.workspacePath, uid),
                'own-lock': () => copilotLockCheck(profile.displayName, file, roots, uid)
            };
            checks.push(fileChecks[finds]());
        }
        if (checks.length === 0) {
            checks.push({ status: 'warning', title: 'No CLI is enabled for this window',
                fix: `Turn on "${this.wording.enabledSetting(this.profiles[0])}" (or another client's) in ${this.wording.settingsName}.` });
        }
        return { title: 'Discovery files', checks };
    }

    protected discoveryFileCheck(profile: ClientProfile, file: string, port: number, workspacePath: string, uid: number | undefined): DiagnosisCheck {
        const reading = readPrivateFile(profile.displayName, file, uid, 'token');
        if (!('content' in reading)) {
            return reading;
        }
        const { content, problems } = reading;
        if (content.port !== port) {
            problems.push(`port ${String(content.port)} is not this server's ${port}`);
        }
        if (content.workspacePath !== workspacePath) {
            problems.push(`workspacePath "${String(content.workspacePath)}" is not the window's "${workspacePath}"`);
        }
        if (typeof content.ppid === 'number' && !isProcessAlive(content.ppid)) {
            problems.push(`its ppid ${content.ppid} is not running`);
        }
        const token = typeof content.authToken === 'string' ? `present (${content.authToken.length} characters, not shown)` : 'MISSING';
        return {
            status: problems.length ? 'error' : 'ok',
            title: `${profile.displayName}: ${file}`,
            details: [reading.ownerAndMode, `port ${String(content.port)}, workspacePath "${String(content.workspacePath)}", ppid ${String(content.ppid)}, authToken ${token}`, ...problems],
            fix: problems.length ? 'Reload the window so the server writes its file again; remove files other programs left in that folder if they are yours.' : undefined
        };
    }

    protected terminalSection({ status, activeTerminal, roots }: DiagnosisRequest): DiagnosisSection {
        const checks: DiagnosisCheck[] = [];
        const containerNote = this.inContainer ? 'Running in a container (/.dockerenv or /run/.containerenv exists).' : 'Not running in a container.';
        if (!activeTerminal) {
            checks.push({ status: 'info', title: 'This window has no terminal', details: [containerNote],
                fix: `Run "${this.wording.runCommand(this.firstEnabled(status.profiles))}" to open one with the right environment.` });
            return { title: 'Active terminal', checks };
        }
        const env = this.finder.environOf(activeTerminal.shellPid);
        if (!env) {
            checks.push({ status: 'info', title: `Terminal "${activeTerminal.title}": its environment cannot be read on this platform`, details: [containerNote] });
            return { title: 'Active terminal', checks };
        }
        for (const profile of this.profiles.filter(p => status.profiles.includes(p.id))) {
            if (!profile.env.port) {
                checks.push({ status: 'ok', title: `${profile.displayName} needs no variable in the terminal: it finds this window by its lock file and the folder it starts in` });
                continue;
            }
            const port = env[profile.env.port];
            if (!port) {
                checks.push({ status: 'error', title: `Terminal "${activeTerminal.title}" has no ${profile.env.port}`, details: [`${profile.displayName} started there cannot find this window's server.`],
                    fix: 'This terminal was opened before the companion server started (or by another program): open a new terminal.' });
            } else if (port !== String(status.port)) {
                checks.push({ status: 'error', title: `Terminal "${activeTerminal.title}" points ${profile.displayName} at port ${port}, this window's server is on ${status.port}`,
                    fix: 'This terminal was opened before the current server started (an earlier backend or window): open a new terminal.' });
            } else if (profile.env.workspacePath && (env[profile.env.workspacePath] ?? '') !== status.workspacePath) {
                checks.push({ status: 'warning', title: `Terminal "${activeTerminal.title}": ${profile.env.workspacePath} is "${env[profile.env.workspacePath] ?? ''}", the window's folders are "${status.workspacePath}"`,
                    fix: 'The workspace changed after this terminal opened: open a new terminal.' });
            } else {
                checks.push({ status: 'ok', title: `Terminal "${activeTerminal.title}" has ${profile.displayName}'s variables for this server (port ${port})` });
            }
        }
        const cwd = this.finder.cwdOf(activeTerminal.shellPid);
        if (cwd) {
            const inside = roots.some(root => isInsideRoot(cwd, root));
            checks.push(inside
                ? { status: 'ok', title: `Working directory ${cwd} is inside the workspace` }
                : { status: 'warning', title: `Directory mismatch: the terminal is in ${cwd}, outside the workspace folders (${roots.join(', ') || 'none'})`,
                    fix: 'The CLIs refuse to connect outside the workspace ("Directory mismatch"): cd into a workspace folder before starting the CLI.' });
        }
        if (this.inContainer) {
            checks.push(env.REMOTE_CONTAINERS === 'true'
                ? { status: 'ok', title: 'Container detected; REMOTE_CONTAINERS=true is set, so Gemini CLI dials 127.0.0.1', details: [containerNote] }
                : { status: 'error', title: 'Container detected but REMOTE_CONTAINERS is not set in this terminal', details: [containerNote, 'Gemini CLI then dials host.docker.internal instead of this server.'],
                    fix: 'Open a new terminal (this window sets REMOTE_CONTAINERS=true in new ones).' });
        } else {
            checks.push({ status: 'info', title: containerNote });
        }
        return { title: `Active terminal "${activeTerminal.title}"`, checks };
    }

    protected async clientSection(profile: ClientProfile, { status, roots }: DiagnosisRequest): Promise<DiagnosisSection> {
        const checks: DiagnosisCheck[] = [];
        const enabled = status.profiles.includes(profile.id);
        checks.push(enabled
            ? { status: 'ok', title: `${profile.displayName} is enabled for this window` }
            : { status: 'info', title: `${profile.displayName} is switched off for this window`,
                fix: `Set "${this.wording.enabledSetting(profile)}" to true in ${this.wording.settingsName} to use it.` });
        const found = await this.lookup.locate(profile.command);
        const settings = new CliSettingsFile(profile, this.host);
        const ideEnabled = settings.isIdeModeEnabled();
        if (!found.path) {
            // Only a problem for a CLI the user set up for IDE mode; otherwise merely not used here.
            checks.push({ status: ideEnabled ? 'warning' : 'info', title: `"${profile.command}" is not installed (neither the backend's PATH nor a login shell has it)`,
                fix: profile.npmPackage ? this.wording.installFix(profile, profile.npmPackage) : `Install ${profile.displayName} so that "${profile.command}" is on the PATH.` });
        } else {
            const version = await commandVersion(found.path);
            checks.push({ status: 'ok', title: `"${profile.command}" ${version ?? '(version unknown)'} at ${found.path}`, details: [`found on the ${found.foundBy}`] });
        }
        if (settings.path) {
            checks.push(ideEnabled
                ? { status: 'ok', title: `ide.enabled is true in ${settings.path}` }
                : { status: enabled && found.path ? 'warning' : 'info', title: `ide.enabled is not true in ${settings.path}`, fix: `Run "Enable IDE Mode for ${profile.displayName}", or type /ide enable in the CLI once.` });
        } else {
            checks.push({ status: 'ok', title: profile.env.port
                ? `${profile.displayName} needs no IDE-mode switch: it connects by ${profile.env.port} in this window's terminals`
                : `${profile.displayName} needs no IDE-mode switch: it connects by itself at start (or with /ide) when it runs inside a folder of this window` });
        }
        const approval = profile.silentWriteModes;
        if (approval) {
            const userSettings = approval.userFile ? resolveHomeRelative(approval.userFile, this.host) : settings.path;
            checks.push(approvalModeCheck(profile, approval, userSettings, roots, this.wording.editorName));
        }
        if (profile.diffModeNote) {
            checks.push(diffToolCheck(profile, this.host.homedir));
        }
        return { title: profile.displayName, checks };
    }

    /** The first enabled CLI, to name one command in a fix. */
    protected firstEnabled(enabled: readonly string[]): ClientProfile {
        return this.profiles.find(profile => enabled.includes(profile.id)) ?? this.profiles[0];
    }
}

/** The HTTP status an unauthenticated GET to /mcp gets, or a description of the failure. */
function probe(port: number): Promise<number | string> {
    return new Promise(resolve => {
        const request = http.get({ host: '127.0.0.1', port, path: '/mcp', headers: { host: `127.0.0.1:${port}` }, timeout: 3000 }, response => {
            response.resume();
            resolve(response.statusCode ?? 'no status');
        });
        request.on('timeout', () => request.destroy(new Error('timed out')));
        request.on('error', error => resolve(error.message));
    });
}

function commandVersion(file: string): Promise<string | undefined> {
    return new Promise(resolve => {
        execFile(file, ['--version'], { timeout: VERSION_TIMEOUT_MS, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout) => {
            const line = stdout?.trim().split('\n').pop();
            resolve(error ? undefined : line);
        });
    });
}
