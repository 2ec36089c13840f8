import type { IdeInfo } from '@ai-cli-companion/core/node';

/** What the extension can learn about the application hosting it, from `vscode.env` and the process. */
export interface HostFacts {
    readonly appName: string;
    readonly uriScheme: string;
    readonly env: NodeJS.ProcessEnv;
    readonly pid: number;
    readonly ppid: number;
    readonly parentOf: (pid: number) => number | undefined;
    readonly platform: NodeJS.Platform;
}

export interface HostIdentity {
    /** Theia's plugin host (the Theia IDE, any Theia app with plugin support) rather than VS Code. */
    readonly isTheia: boolean;
    /** What the CLIs print: "Connected to <displayName>". */
    readonly ideInfo: IdeInfo;
    /** The PID the Gemini CLI computes for this IDE from one of its terminals; also GEMINI_CLI_IDE_PID. */
    readonly idePid: number;
}

/**
 * Theia's plugin host is a child of the Theia backend, which spawns the terminal shells. Gemini CLI
 * walks shell → its parent (the backend) → the backend's parent, so the IDE PID is the plugin host's
 * grandparent, or the backend itself when the backend's parent is init. In VS Code the shell's
 * grandparent is the main process, the extension host's parent.
 */
export function identifyHost(facts: HostFacts): HostIdentity {
    const isTheia = facts.uriScheme === 'theia' || !!facts.env.THEIA_PARENT_PID || /theia/i.test(facts.appName);
    let idePid = facts.ppid;
    if (isTheia && facts.platform !== 'win32') {
        const grandparent = facts.parentOf(facts.ppid);
        idePid = grandparent !== undefined && grandparent > 1 ? grandparent : facts.ppid;
    }
    return {
        isTheia,
        // The name only matters to `/ide install`: neither CLI has an installer for 'theia', so it never
        // offers to install another companion; in VS Code the CLI would detect 'vscode' by itself anyway.
        ideInfo: { name: isTheia ? 'theia' : 'vscode', displayName: facts.appName || (isTheia ? 'Eclipse Theia' : 'VS Code') },
        idePid
    };
}
