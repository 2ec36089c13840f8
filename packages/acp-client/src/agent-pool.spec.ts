import * as assert from 'assert';
import * as path from 'path';
import { silentLogger } from './agent-logger';
import { AgentPool, AgentPoolFullError } from './agent-pool';
import { agentProfile } from './agent-profiles';
import { WorkspaceAgent } from './workspace-agent';
import { WorkspaceAgentOptions } from './workspace-agent-options';

/** Stands in for a CLI process: what the pool looks at (busy, last use) and what it does (stop). */
class CountingAgent {
    isBusy = false;
    lastActive = Date.now();
    stopped = false;
    constructor(readonly workspace: string) { }
    get pid(): number | undefined {
        return this.stopped ? undefined : 1;
    }
    async stop(): Promise<void> {
        this.stopped = true;
    }
    markStale(): void { }
}

describe('AgentPool', () => {
    const made: CountingAgent[] = [];
    const pools: AgentPool[] = [];
    const roots = ['/w/one', '/w/two', '/w/three', '/w/four', '/w/five'];
    const rootOf = (directory: string) => roots.find(root => directory === root || directory.startsWith(root + path.sep)) ?? directory;

    function pool(options: { maxAgents?: number; idleTimeoutMs?: number; rootOf?: (d: string) => string } = {}): AgentPool {
        const created = new AgentPool({
            profile: agentProfile('gemini'), environment: async () => ({}), logger: silentLogger, scrub: text => text,
            rootOf, ...options,
            createAgent: (agentOptions: WorkspaceAgentOptions) => {
                const agent = new CountingAgent(agentOptions.workspace);
                made.push(agent);
                return agent as unknown as WorkspaceAgent;
            }
        });
        pools.push(created);
        return created;
    }

    afterEach(async () => {
        made.length = 0;
        await Promise.all(pools.splice(0).map(each => each.stopAll()));
    });

    it('serves every subfolder of a root with the root\'s one agent', () => {
        const agents = pool();
        const first = agents.agentFor('/w/one');
        for (let i = 0; i < 12; i++) {
            assert.strictEqual(agents.agentFor(`/w/one/sub-${i}/deeper`), first);
        }
        assert.strictEqual(made.length, 1);
        assert.strictEqual(first.workspace, '/w/one');
    });

    it('stops the least recently used idle agent when full', () => {
        const agents = pool({ maxAgents: 2 });
        agents.agentFor('/w/one');
        agents.agentFor('/w/two');
        agents.agentFor('/w/one'); // now /w/two is the least recently used
        agents.agentFor('/w/three');
        assert.deepStrictEqual(made.map(agent => [agent.workspace, agent.stopped]), [['/w/one', false], ['/w/two', true], ['/w/three', false]]);
    });

    it('never stops an agent in a turn: full of busy agents, it refuses', () => {
        const agents = pool({ maxAgents: 2 });
        (agents.agentFor('/w/one') as unknown as CountingAgent).isBusy = true;
        (agents.agentFor('/w/two') as unknown as CountingAgent).isBusy = true;
        assert.throws(() => agents.agentFor('/w/three'), AgentPoolFullError);
        assert.ok(made.every(agent => !agent.stopped));
        made[0].isBusy = false;
        agents.agentFor('/w/three');
        assert.deepStrictEqual(made.map(agent => agent.stopped), [true, false, false]);
    });

    it('stops agents idle for longer than the timeout, and starts a new one on the next chat', () => {
        const agents = pool({ idleTimeoutMs: 20 });
        const idle = agents.agentFor('/w/one') as unknown as CountingAgent;
        const busy = agents.agentFor('/w/two') as unknown as CountingAgent;
        const recent = agents.agentFor('/w/three') as unknown as CountingAgent;
        busy.isBusy = true;
        idle.lastActive = busy.lastActive = Date.now() - 1000;
        recent.lastActive = Date.now() + 1000;
        agents.stopIdleAgents();
        assert.strictEqual(idle.stopped, true, 'idle past the timeout');
        assert.strictEqual(busy.stopped, false, 'an agent in a turn stays');
        assert.strictEqual(recent.stopped, false, 'used within the timeout');
        assert.notStrictEqual(agents.agentFor('/w/one'), idle);
    });
});
