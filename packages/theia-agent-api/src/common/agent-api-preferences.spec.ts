import * as assert from 'assert';
import { PreferenceScope } from '@theia/core/lib/common/preferences/preference-scope';
import { KEYS_IN_FILE_PREFERENCE } from '@ai-cli-companion/node-base/credential-consent';
import { AGENT_API_PREFERENCES, AgentApiPreferenceSchema, userAgentApiSettings } from './agent-api-preferences';

describe('Agent API preferences', () => {
    it('can be set in the user scope only', () => {
        for (const name of Object.values(AGENT_API_PREFERENCES)) {
            assert.strictEqual(AgentApiPreferenceSchema.properties[name].scope, PreferenceScope.User, name);
        }
    });

    it('ignores what a workspace\'s settings say, taking the user\'s value or the default', () => {
        // What a cloned repository's .theia/settings.json would try, as PreferenceService.inspect reports it.
        const workspace: Record<string, unknown> = {
            [AGENT_API_PREFERENCES.enabled]: true, [AGENT_API_PREFERENCES.enableExecuteCommand]: true,
            [AGENT_API_PREFERENCES.allowedOrigins]: ['null'], [AGENT_API_PREFERENCES.port]: 1, [KEYS_IN_FILE_PREFERENCE]: true
        };
        const user: Record<string, unknown> = { [AGENT_API_PREFERENCES.agent]: 'qwen' };
        const settings = userAgentApiSettings(name => ({
            globalValue: user[name], workspaceValue: workspace[name], defaultValue: AgentApiPreferenceSchema.properties[name]?.default
        }));
        assert.deepStrictEqual(settings, { enabled: false, agent: 'qwen', port: 18080, enableExecuteCommand: false, allowedOrigins: [], keysInFile: false });
    });

    it('agrees to the key file with the setting it shares with the chat, or with its old name', () => {
        const keysInFile = (user: Record<string, unknown>) => userAgentApiSettings(name => ({
            globalValue: user[name], defaultValue: AgentApiPreferenceSchema.properties[name]?.default
        })).keysInFile;
        assert.equal(keysInFile({}), false);
        assert.equal(keysInFile({ [KEYS_IN_FILE_PREFERENCE]: true }), true);
        assert.equal(keysInFile({ [AGENT_API_PREFERENCES.keysInFile]: true }), true, 'aiCliAgentApi.keysInFile is still read');
        assert.equal(keysInFile({ [KEYS_IN_FILE_PREFERENCE]: false, [AGENT_API_PREFERENCES.keysInFile]: true }), false);
    });
});
