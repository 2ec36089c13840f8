import * as assert from 'assert';
import { AcpElicitationRequest } from '../../common/elicitation/acp-elicitation';
import { AcpSessionListener } from '../session/session-listeners';
import { AcpEarlyPrompt } from './early-prompt';

describe('AcpEarlyPrompt: a question the agent asks before the turn adopts the prompt', () => {
    it('reaches the turn (seen in Chromium: the second prompt of a chat goes early, and its form was answered cancel)', () => {
        const early = new AcpEarlyPrompt('chat-1', 'Agent', [{ type: 'text', text: 'ask-link' }]);
        const link: AcpElicitationRequest = { elicitationId: 'e1', mode: 'url', message: 'Authorise', url: 'https://x.test/', host: 'x.test' };
        early.onElicitationRequest(link);
        const got: unknown[] = [];
        const turn: AcpSessionListener = {
            onUpdate: () => undefined, onPermissionRequest: () => undefined, onPermissionSettled: () => undefined,
            onElicitationRequest: request => got.push(request), onElicitationSettled: id => got.push(id)
        };
        early.attach(turn);
        early.onElicitationSettled('e1');
        assert.deepEqual(got, [link, 'e1']);
    });
});
