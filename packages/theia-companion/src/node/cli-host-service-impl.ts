import { inject, injectable, optional } from '@theia/core/shared/inversify';
import { CliCommandLookup, CliProcessFinder, ConnectionDiagnostics } from '@ai-cli-companion/core/node';
import { CliHostService, CommandLookup, SessionConnectionInfo, SessionPid, SessionTerminal } from '../common/cli-host-protocol';
import { ConnectionDiagnosis, DiagnosisRequest } from '../common/connection-diagnostics-protocol';
import { CodexSocketContribution } from './codex-socket-contribution';
import { codexSocketSection } from './codex-socket-diagnostics';
import { THEIA_WORDING } from '../common/theia-wording';

/** Process and command facts for every window, from the core; holds no state of its own. */
@injectable()
export class CliHostServiceImpl implements CliHostService {
    protected readonly finder = new CliProcessFinder();
    // Theia's terminals start THEIA_SHELL when it is set (@theia/terminal's shell process).
    protected readonly lookup = new CliCommandLookup(process.env, process.platform, process.env.THEIA_SHELL);
    protected readonly diagnostics = new ConnectionDiagnostics({ wording: THEIA_WORDING, finder: this.finder, lookup: this.lookup });

    @inject(CodexSocketContribution) @optional()
    protected readonly codexSocket: CodexSocketContribution | undefined;

    async findSessionTerminals(connections: SessionConnectionInfo[], shellPids: number[]): Promise<SessionTerminal[]> {
        return this.finder.find(connections, shellPids);
    }

    async findProcessTerminals(processes: SessionPid[], shellPids: number[]): Promise<SessionTerminal[]> {
        const shells = shellPids.filter(Number.isSafeInteger).slice(0, 1000);
        const wanted = processes.filter(p => typeof p?.sessionId === 'string' && Number.isSafeInteger(p.pid) && p.pid > 0).slice(0, 1000);
        if (wanted.length === 0 || shells.length === 0) {
            return [];
        }
        return this.finder.findByPid(wanted, shells);
    }

    lookUpCommand(command: string): Promise<CommandLookup> {
        return this.lookup.lookUp(command);
    }

    async diagnose(request: DiagnosisRequest): Promise<ConnectionDiagnosis> {
        const [diagnosis, codex] = await Promise.all([this.diagnostics.diagnose(request), this.lookup.locate('codex')]);
        const terminal = request.activeTerminal;
        const codexSection = codexSocketSection({
            statuses: this.codexSocket?.statuses(), codexPath: codex.path,
            terminalEnv: terminal ? this.finder.environOf(terminal.shellPid) : undefined, terminalTitle: terminal?.title
        });
        return { ...diagnosis, sections: [...diagnosis.sections, codexSection] };
    }
}
