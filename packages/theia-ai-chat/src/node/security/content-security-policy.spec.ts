import * as assert from 'assert';
import { EarlyExpressMiddleware } from '@theia/core/lib/node/backend-application';
import { CONTENT_SECURITY_POLICY, ContentSecurityPolicyContribution } from './content-security-policy';

describe('ContentSecurityPolicyContribution (issue 29 part 3)', () => {
    it('sets a policy with form-action \'none\' on every response, before Theia serves its files', () => {
        const earlyMiddleware = new EarlyExpressMiddleware();
        const contribution = Object.assign(new ContentSecurityPolicyContribution(), { earlyMiddleware });
        contribution.initialize();
        assert.equal(earlyMiddleware.handlers.length, 1);
        const headers = new Map<string, string>();
        let passedOn = false;
        earlyMiddleware.handlers[0]({} as never, { setHeader: (name: string, value: string) => headers.set(name, value) } as never, () => { passedOn = true; });
        assert.equal(headers.get('Content-Security-Policy'), CONTENT_SECURITY_POLICY);
        assert.ok(CONTENT_SECURITY_POLICY.split(';').map(directive => directive.trim()).includes('form-action \'none\''));
        assert.ok(passedOn);
    });
});
