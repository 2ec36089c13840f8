// Data, no Node imports: the editors' browser code reads it too.
import type { ClientProfile, ClientTransport } from './client-profiles';

/**
 * What differs by transport and the editors must know, one row per transport; the backend's row (how the
 * endpoint drives its server) is in node/endpoint-transports.ts.
 */
export interface ClientTransportTraits {
    /**
     * Where a CLI finds the window: a discovery file the companion writes (with the port and a token), a lock
     * file the transport's own server writes, or the backend's socket, which needs no file.
     */
    readonly finds: 'discovery-file' | 'own-lock' | 'backend-socket';
    /**
     * How *Send Selection to CLI* hands over a selection: typed into the CLI's terminal, or as a notification the
     * CLI puts into its input itself (typing would race its input box): Claude Code's `at_mentioned` to every
     * session, Copilot CLI's `add_selection` to the session of the terminal.
     */
    readonly selection: 'type' | 'at-mention' | 'add-selection';
    /** What switching a CLI of this transport on lets it do, and from when: the editors' per-CLI setting says it. */
    readonly enabledSetting: (name: string) => string;
}

export const CLIENT_TRANSPORTS: Readonly<Record<ClientTransport, ClientTransportTraits>> = {
    http: {
        finds: 'discovery-file', selection: 'type',
        enabledSetting: name => `Let ${name} running in a terminal of this window connect to it (open files, diffs). Applies to terminals opened afterwards.`
    },
    ws: {
        finds: 'discovery-file', selection: 'at-mention',
        enabledSetting: name => `Let ${name} running in a terminal of this window connect to it (open files, diffs, problems). Applies to terminals opened afterwards.`
    },
    pipe: {
        finds: 'own-lock', selection: 'add-selection',
        enabledSetting: name => `Let ${name} running in a terminal of this window connect to it (selection, problems, diffs). Applies to ${name}s started afterwards.`
    },
    ipc: {
        finds: 'backend-socket', selection: 'type',
        // The backend's socket asks the window anew each time.
        enabledSetting: name => `Let ${name} running in a folder of this window read its context (active file, selection, open tabs) after /ide. Applies at once.`
    }
};

/** A profile's transport (absent is `http`: profiles made by tests). */
export function transportOf(profile: ClientProfile): ClientTransport {
    return profile.transport ?? 'http';
}

export function transportTraits(profile: ClientProfile): ClientTransportTraits {
    return CLIENT_TRANSPORTS[transportOf(profile)];
}
