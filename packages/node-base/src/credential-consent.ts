/**
 * The one consent to keeping API keys in a 0600 file where no OS keychain answers, in Theia: a user setting
 * shared by the chat's API keys and the Agent API inside Theia (the stand-alone command's is `--keys-in-file`).
 * Only the user scope counts: a cloned repository's settings must not move keys into a file.
 */
export const KEYS_IN_FILE_PREFERENCE = 'aiCliCompanion.keysInFile';
/** Its first name, when only the Agent API asked: still read where the shared one is not set. */
export const LEGACY_KEYS_IN_FILE_PREFERENCE = 'aiCliAgentApi.keysInFile';
/** The refusal's how-to-agree, for the policy's `howToConsent`. */
export const KEYS_IN_FILE_HOW_TO = `set "${KEYS_IN_FILE_PREFERENCE}": true in your user settings to agree`;
export const KEYS_IN_FILE_DESCRIPTION = 'Where no OS keychain is reachable (a headless server, a container): keep API keys in files only ' +
    'you can read (mode 0600) in your config folder: the AI chat\'s agents\' keys (Set API Key…) and the Agent API\'s. Off: no key is ' +
    'stored there, and setting one is refused with this hint. Only read from the user settings: a workspace\'s settings cannot change it.';

/** Whether the user agreed, from their user-scope values: the shared setting, else its first name. */
export function keysInFileConsent(userValue: (name: string) => unknown): boolean {
    const shared = userValue(KEYS_IN_FILE_PREFERENCE);
    return (typeof shared === 'boolean' ? shared : userValue(LEGACY_KEYS_IN_FILE_PREFERENCE)) === true;
}
