// Pure data, no Node imports: the editors' browser code reads it too.
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
}

export const CLIENT_TRANSPORTS: Readonly<Record<ClientTransport, ClientTransportTraits>> = {
    http: { finds: 'discovery-file', selection: 'type' },
    ws: { finds: 'discovery-file', selection: 'at-mention' },
    pipe: { finds: 'own-lock', selection: 'add-selection' },
    ipc: { finds: 'backend-socket', selection: 'type' }
};

/** A profile's transport (absent is `http`: profiles made by tests). */
export function transportOf(profile: ClientProfile): ClientTransport {
    return profile.transport ?? 'http';
}

export function transportTraits(profile: ClientProfile): ClientTransportTraits {
    return CLIENT_TRANSPORTS[transportOf(profile)];
}
