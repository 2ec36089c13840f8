// The one agent table: pure data, no imports at run time, so browsers read it too
// (`@ai-cli-companion/node-base/agents`). Everything else is derived from it: the companion's client profiles,
// the engine's ACP profiles, the chat's built-in agents and their preferences, the registry's built-ins, the
// Agent API's agent list and the .vsix manifest. Adding a CLI is one entry here (see ARCHITECTURE.md).
import type { AgentEntry, FileNamePattern } from './agent-table-types';

export type * from './agent-table-types';

const GEMINI_FILE: FileNamePattern = {
    format: ({ pid, port }) => `gemini-ide-server-${pid}-${port}.json`,
    matches: /^gemini-ide-server-\d+-\d+\.json$/
};

export const AGENTS = [
    {
        id: 'gemini', name: 'Gemini CLI', command: 'gemini', install: { npm: '@google/gemini-cli' }, registryId: 'gemini',
        companion: {
            transport: 'http',
            discovery: { base: 'tmpdir', segments: ['gemini', 'ide'], fileName: GEMINI_FILE },
            env: {
                port: 'GEMINI_CLI_IDE_SERVER_PORT',
                workspacePath: 'GEMINI_CLI_IDE_WORKSPACE_PATH',
                authToken: 'GEMINI_CLI_IDE_AUTH_TOKEN',
                idePid: 'GEMINI_CLI_IDE_PID'
            },
            userSettings: { overrideEnv: 'GEMINI_CLI_HOME', homeDir: '', segments: ['.gemini', 'settings.json'] }
        },
        // gemini 0.61 as measured (acp.md §2).
        acp: {
            args: ['--acp'], keyEnv: 'GEMINI_API_KEY', oauthCredentialFile: '.gemini/oauth_creds.json', agentApi: true,
            loginHint: 'run `gemini` in a terminal, choose "Login with Google" and finish the browser flow; the server then uses the CLI\'s cached login',
            description: 'Google\'s Gemini CLI over the Agent Client Protocol (gemini --acp): reads, edits and runs in your workspace, asking first.',
            missingFileReadsEmpty: true,
            modes: [
                { id: 'default', name: 'Default', description: 'Prompts for approval' },
                { id: 'autoEdit', name: 'Auto Edit', description: 'Auto-approves edit tools' },
                { id: 'yolo', name: 'YOLO', description: 'Auto-approves all tools' },
                { id: 'plan', name: 'Plan', description: 'Read-only mode' }
            ]
        }
    },
    {
        id: 'qwen', name: 'Qwen Code', command: 'qwen', install: { npm: '@qwen-code/qwen-code' }, registryId: 'qwen-code',
        companion: {
            transport: 'http',
            discovery: {
                base: 'home',
                home: { overrideEnv: 'QWEN_HOME', homeDir: '.qwen', segments: ['ide'] },
                fileName: { format: ({ port }) => `${port}.lock`, matches: /^\d+\.lock$/ }
            },
            env: { port: 'QWEN_CODE_IDE_SERVER_PORT', workspacePath: 'QWEN_CODE_IDE_WORKSPACE_PATH' },
            // Qwen's own companion writes `ideName`; the CLI reads `ideInfo`. Write both.
            extraFileFields: ({ ideDisplayName }) => ({ ideName: ideDisplayName }),
            userSettings: { overrideEnv: 'QWEN_HOME', homeDir: '.qwen', segments: ['settings.json'] },
            // 0.24.4 defaults to auto.
            silentWriteModes: { key: ['tools', 'approvalMode'], defaultMode: 'auto', silent: ['auto', 'auto-edit', 'yolo'], projectDir: '.qwen', projectFiles: ['settings.json'] }
        },
        // qwen 0.24 as measured.
        acp: {
            args: ['--acp'], keyEnv: 'OPENAI_API_KEY', agentApi: true,
            loginHint: 'Qwen Code has no Google login; configure `gemini-api-key` (its value becomes OPENAI_API_KEY) or run `qwen` and use /auth',
            description: 'Qwen Code over the Agent Client Protocol (qwen --acp): reads, edits and runs in your workspace, asking first.',
            modes: [
                { id: 'plan', name: 'Plan' },
                { id: 'default', name: 'Default' },
                { id: 'auto-edit', name: 'Auto Edit' },
                { id: 'auto', name: 'Auto' },
                { id: 'yolo', name: 'YOLO' }
            ]
        }
    },
    {
        id: 'llxprt', name: 'LLxprt Code', command: 'llxprt',
        companion: {
            transport: 'http',
            discovery: {
                base: 'tmpdir',
                segments: ['llxprt', 'ide'],
                fileName: {
                    format: ({ pid, port }) => `llxprt-ide-server-${pid}-${port}.json`,
                    matches: /^llxprt-ide-server-\d+-\d+\.json$/
                }
            },
            env: {
                port: 'LLXPRT_CODE_IDE_SERVER_PORT',
                workspacePath: 'LLXPRT_CODE_IDE_WORKSPACE_PATH',
                authToken: 'LLXPRT_CODE_IDE_AUTH_TOKEN'
            },
            userSettings: { homeDir: '', segments: ['.llxprt', 'settings.json'] }
        }
    },
    {
        id: 'claude', name: 'Claude Code', command: 'claude', install: { npm: '@anthropic-ai/claude-code' },
        companion: {
            transport: 'ws',
            discovery: {
                base: 'home',
                home: { homeDir: '.claude', segments: ['ide'] },
                fileName: { format: ({ port }) => `${port}.lock`, matches: /^\d+\.lock$/ },
                // 2.1.330 scans $CLAUDE_CONFIG_DIR/ide as well as ~/.claude/ide; write both.
                mirror: { overrideEnv: 'CLAUDE_CONFIG_DIR', homeDir: '.claude', segments: ['ide'] }
            },
            // The port picks the lock file (and its token); ENABLE_IDE_INTEGRATION is for older versions.
            env: { port: 'CLAUDE_CODE_SSE_PORT' },
            extraEnv: { ENABLE_IDE_INTEGRATION: 'true' },
            // The fields 2.1.330 reads; `transport: "ws"` is required (without it the CLI dials legacy SSE).
            extraFileFields: ({ ideDisplayName, backendPid, workspaceFolders }) => ({
                pid: backendPid, workspaceFolders: [...workspaceFolders], ideName: ideDisplayName, transport: 'ws', runningInWindows: false
            }),
            maxSessions: 1,
            // A fresh config starts in auto mode; --permission-mode on the command line overrides all of these.
            silentWriteModes: {
                key: ['permissions', 'defaultMode'], defaultMode: 'auto', silent: ['auto', 'acceptEdits', 'bypassPermissions', 'dontAsk'],
                userFile: { homeDir: '.claude', segments: ['settings.json'] }, projectDir: '.claude', projectFiles: ['settings.json', 'settings.local.json']
            },
            diffModeNote: 'Claude Code offers no diff in auto mode, in acceptEdits mode, or with "diffTool": "terminal" in ~/.claude.json: ' +
                'start it with `claude --permission-mode default` (or press Shift+Tab until the footer shows "manual mode"), ' +
                'or set "permissions": {"defaultMode": "default"} in .claude/settings.json of the project, and keep "diffTool": "auto".'
        }
    },
    {
        id: 'copilot', name: 'Copilot CLI', command: 'copilot', install: { npm: '@github/copilot' }, registryId: 'github-copilot-cli',
        companion: {
            // Its own server writes the lock (socket path and nonce, see node/copilot); the CLI picks the lock
            // whose workspaceFolders hold its folder, so terminals need no variable (1.0.102 reads none).
            transport: 'pipe',
            discovery: {
                base: 'home',
                home: { overrideEnv: 'COPILOT_HOME', homeDir: '.copilot', segments: ['ide'] },
                fileName: {
                    format: () => { throw new Error('Copilot CLI lock files are named by their server'); },
                    matches: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.lock$/
                }
            },
            env: {},
            // Copilot CLI's own IDEs keep one session per CLI process; a few CLIs in a window's terminals are fine.
            maxSessions: 8
        },
        // copilot 1.0.102 as probed: one auth method, `copilot-login` (terminal-auth `copilot login`, GitHub's device flow);
        // with COPILOT_PROVIDER_BASE_URL and COPILOT_MODEL set it needs no GitHub login (bring your own key). session/new
        // reports these modes (also as the "mode" config option, beside "allow_all") and, in BYOK mode, no models.
        acp: {
            args: ['--acp'], keyEnv: 'COPILOT_PROVIDER_API_KEY', agentApi: true,
            loginHint: 'run `copilot login` in a terminal (GitHub sign-in), or bring your own key: set COPILOT_PROVIDER_BASE_URL, ' +
                'COPILOT_MODEL and COPILOT_PROVIDER_API_KEY (`copilot help providers`)',
            description: 'GitHub Copilot CLI over the Agent Client Protocol (copilot --acp): reads, edits and runs in your workspace, asking first. ' +
                'Needs a GitHub login (`copilot login`) or your own model provider (COPILOT_PROVIDER_BASE_URL, COPILOT_MODEL).',
            modes: [
                { id: 'https://agentclientprotocol.com/protocol/session-modes#agent', name: 'Agent', description: 'Default agent mode for conversational interactions' },
                { id: 'https://agentclientprotocol.com/protocol/session-modes#plan', name: 'Plan', description: 'Plan mode for creating and executing multi-step plans' },
                {
                    id: 'https://agentclientprotocol.com/protocol/session-modes#autopilot', name: 'Autopilot',
                    description: 'Autonomous mode that enables allow-all and runs until task completion without user interaction (experimental)'
                }
            ]
        }
    },
    {
        id: 'codex', name: 'Codex CLI', command: 'codex', install: { npm: '@openai/codex' },
        companion: {
            // The backend's sockets (node/codex-ipc) answer the CLI's `ide-context` for the window that has its
            // folder, so terminals need no variable: the CLI finds them through the CODEX_HOME (or HOME) and TMPDIR
            // they inherit (`<codex home>/ipc/ipc.sock` first, then `$TMPDIR/codex-ipc/ipc-<uid>.sock`).
            transport: 'ipc',
            // 0.169.0 has no setting for it: IDE context is off in each new run until `/ide` (or `/ide on`).
            ideCommand: '/ide on',
            typedReference: 'path',
            discovery: {
                base: 'tmpdir',
                segments: ['codex-ipc'],
                fileName: {
                    format: () => { throw new Error('The Codex socket is named by the user id, one for every window'); },
                    matches: /^ipc-\d+\.sock$/
                }
            },
            env: {}
        }
    }
] as const satisfies readonly AgentEntry[];

type Row = typeof AGENTS[number];
/** Every agent's id. */
export type AgentId = Row['id'];
/** The ids of the agents driven over ACP (the engine's profiles, the chat's built-ins). */
export type AcpAgentId = Extract<Row, { readonly acp: object }>['id'];
/** The ids of the agents the Agent API drives (`acp.agentApi`). */
export type AgentApiAgentId = Extract<Row, { readonly acp: { readonly agentApi: true } }>['id'];

/** The Agent API's agents, in table order: its `--agent` values and the Theia preference's enum. */
export const AGENT_API_AGENTS = AGENTS.filter(agent => 'acp' in agent && (agent.acp as { agentApi?: boolean }).agentApi)
    .map(agent => agent.id) as readonly AgentApiAgentId[];
