import * as assert from 'assert';
import type * as acp from '@agentclientprotocol/sdk';
import { isAgentNoise } from './agent-noise';

const text = (value: string): acp.SessionUpdate => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: value } });

describe('isAgentNoise (quirks the engine drops for every consumer)', () => {
    it('drops gemini\'s [MODE_UPDATE] text and qwen\'s empty usage chunk', () => {
        assert.ok(isAgentNoise(text('[MODE_UPDATE] autoEdit')));
        assert.ok(isAgentNoise(text('  [MODE_UPDATE] yolo')));
        assert.ok(isAgentNoise(text('')));
    });

    it('keeps real text, a mention of the marker inside it, and every other update', () => {
        assert.ok(!isAgentNoise(text('The agent said [MODE_UPDATE] in the middle')));
        assert.ok(!isAgentNoise(text(' ')));
        assert.ok(!isAgentNoise({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: '' } }));
        assert.ok(!isAgentNoise({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: '[MODE_UPDATE] plan' } }));
    });
});
