import { injectable } from '@theia/core/shared/inversify';
import { CliHostService, CommandLookup, SessionConnectionInfo, SessionTerminal } from '../common/cli-host-protocol';
import { ConnectionDiagnosis, DiagnosisRequest } from '../common/connection-diagnostics-protocol';
import { CliCommandLookup } from './cli-command-lookup';
import { CliProcessFinder } from './cli-process-finder';
import { ConnectionDiagnostics } from './connection-diagnostics';

/** Process and command facts for every window; holds no state of its own. */
@injectable()
export class CliHostServiceImpl implements CliHostService {
    protected readonly finder = new CliProcessFinder();
    protected readonly lookup = new CliCommandLookup();
    protected readonly diagnostics = new ConnectionDiagnostics(this.finder, this.lookup);

    async findSessionTerminals(connections: SessionConnectionInfo[], shellPids: number[]): Promise<SessionTerminal[]> {
        return this.finder.find(connections, shellPids);
    }

    lookUpCommand(command: string): Promise<CommandLookup> {
        return this.lookup.lookUp(command);
    }

    diagnose(request: DiagnosisRequest): Promise<ConnectionDiagnosis> {
        return this.diagnostics.diagnose(request);
    }
}
