import * as assert from 'assert';
import type * as acp from '@agentclientprotocol/sdk';
import { sessionCapabilitiesOf } from './session-capabilities';

/** The `initialize` answers of the real agents (acp.md §2), trimmed to what matters here. */
const QWEN_0_24: acp.InitializeResponse = {
    protocolVersion: 1, agentInfo: { name: 'qwen-code', version: '0.24.4' },
    agentCapabilities: { loadSession: true, sessionCapabilities: { list: {}, resume: {} } }
};
const gemini = (version: string): acp.InitializeResponse => ({
    protocolVersion: 1, agentInfo: { name: 'gemini-cli', version }, agentCapabilities: { loadSession: true }
});

describe('sessionCapabilitiesOf (what an agent\'s initialize offers for sessions)', () => {
    it('reads load from loadSession and list/resume/close/delete from sessionCapabilities objects', () => {
        assert.deepEqual(sessionCapabilitiesOf(QWEN_0_24), { load: true, resume: true, list: true, close: false, delete: false });
        assert.deepEqual(sessionCapabilitiesOf({ protocolVersion: 1, agentCapabilities: { sessionCapabilities: { close: {}, delete: {}, list: null } } }),
            { load: false, resume: false, list: false, close: true, delete: true });
        assert.deepEqual(sessionCapabilitiesOf(undefined), { load: false, resume: false, list: false, close: false, delete: false });
    });

    it('does not use gemini 0.61\'s session/load, which erases the session it loads; other versions keep it', () => {
        assert.equal(sessionCapabilitiesOf(gemini('0.61.0')).load, false);
        assert.equal(sessionCapabilitiesOf(gemini('0.62.0')).load, true);
    });
});
