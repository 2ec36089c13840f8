import { interfaces } from '@theia/core/shared/inversify';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { createPreferenceProxy, PreferenceProxy } from '@theia/core/lib/common/preferences/preference-proxy';
import { PreferenceContribution, PreferenceSchema } from '@theia/core/lib/common/preferences/preference-schema';
import { CLIENT_PROFILES } from '@ai-cli-companion/core';

export const PREFERENCE_PREFIX = 'aiCliCompanion';

export function clientEnabledPreference(clientId: string): string {
    return `${PREFERENCE_PREFIX}.${clientId}.enabled`;
}

/** What PreferenceService.inspect tells about a preference (the fields used here). */
export interface PreferenceValues {
    readonly globalValue?: unknown;
    readonly workspaceValue?: unknown;
    readonly workspaceFolderValue?: unknown;
}

/**
 * Whether a client may connect: on unless some scope says off. A workspace's settings (a cloned
 * repository) may switch a client off, but not back on against the user's "off" (Theia's resolution
 * would let the workspace value win).
 */
export function clientEnabled(values: PreferenceValues | undefined): boolean {
    return values?.globalValue !== false && values?.workspaceValue !== false && values?.workspaceFolderValue !== false;
}

export const DEBUG_LOGGING_PREFERENCE = `${PREFERENCE_PREFIX}.debugLogging`;

/** Agent status (OSC 7501, OSC 21337) in every terminal, not only the companion's CLI terminals. Read from user settings only. */
export const TERMINAL_STATUS_ALL_TERMINALS_PREFERENCE = `${PREFERENCE_PREFIX}.terminalStatus.allTerminals`;

/** A reason given when rejecting a terminal CLI's proposal is typed into its terminal; sent with Enter too when true. */
export const REJECT_REASON_SEND_PREFERENCE = `${PREFERENCE_PREFIX}.rejectReason.sendAutomatically`;

/** A workspace's first start (no saved layout) opens the Explorer. */
export const FIRST_START_EXPLORER_PREFERENCE = `${PREFERENCE_PREFIX}.firstStart.openExplorer`;

export const CompanionPreferenceSchema: PreferenceSchema = {
    properties: {
        ...Object.fromEntries(CLIENT_PROFILES.map(profile => [clientEnabledPreference(profile.id), {
            type: 'boolean',
            default: true,
            description: `Let ${profile.displayName} running in a Theia terminal connect to this window (context and diffs). Affects terminals opened afterwards. A workspace's settings can switch it off, but not on when your user settings say off.`
        }])),
        [DEBUG_LOGGING_PREFERENCE]: {
            type: 'boolean',
            default: false,
            description: 'Write every companion event (sessions, context updates, diffs) to the "AI CLI Companion" output channel.'
        },
        [REJECT_REASON_SEND_PREFERENCE]: {
            type: 'boolean',
            default: false,
            description: 'When you reject a terminal CLI\'s proposed change with a reason ("Reject Proposed Change with a Reason…"), or accept it after reverting blocks with a reason (Shift+click ↺ Revert), the reason is typed into that CLI\'s terminal as your next message. Off: it waits there for your Enter. On: it is sent at once.'
        },
        [FIRST_START_EXPLORER_PREFERENCE]: {
            type: 'boolean',
            default: true,
            description: 'On the first start of a workspace (no saved layout yet), open the Explorer beside the welcome page.'
        },
        [TERMINAL_STATUS_ALL_TERMINALS_PREFERENCE]: {
            type: 'boolean',
            default: false,
            description: 'Show the agent status (working, waiting for you, done) that terminal programs report in every terminal, not only in the terminals where the companion started a CLI. Any program can write these sequences (a file you cat, a remote shell), so off by default. Read from your user settings only.'
        }
    }
};

export interface CompanionConfiguration {
    [key: string]: boolean;
}

export const CompanionPreferences = Symbol('CompanionPreferences');
export type CompanionPreferences = PreferenceProxy<CompanionConfiguration>;

export function bindCompanionPreferences(bind: interfaces.Bind): void {
    bind(CompanionPreferences).toDynamicValue(ctx =>
        createPreferenceProxy(ctx.container.get<PreferenceService>(PreferenceService), CompanionPreferenceSchema)
    ).inSingletonScope();
    bind(PreferenceContribution).toConstantValue({ schema: CompanionPreferenceSchema });
}
