import type { AgentApiAgentId } from '@ai-cli-companion/node-base/agents';

export const AGENT_API_SERVICE_PATH = '/services/ai-cli-agent-api';

/** What the frontend's preferences and workspace say the server should be. */
export interface AgentApiSettings {
    enabled: boolean;
    /**
     * One of the agent table's `acp.agentApi` agents, or the name of an `aiCliChat.agents` entry of the user's
     * settings: the backend looks that name up in the user settings itself, never takes a command from the window.
     */
    agent: AgentApiAgentId | string;
    port: number;
    enableExecuteCommand: boolean;
    allowedOrigins: string[];
    /** The user agreed to keep the API's keys in a 0600 file when no keychain is reachable. */
    keysInFile?: boolean;
    /** Absolute paths of the workspace roots. */
    workspaces: string[];
}

export interface AgentApiStatus {
    running: boolean;
    url?: string;
    tokenFile?: string;
    agent?: string;
    workspaces: string[];
    credentialStore?: string;
    executeCommand: boolean;
    error?: string;
}

export const AgentApiService = Symbol('AgentApiService');
/** One server per backend: the last window to apply its settings decides them. */
export interface AgentApiService {
    apply(settings: AgentApiSettings): Promise<AgentApiStatus>;
    getStatus(): Promise<AgentApiStatus>;
}
