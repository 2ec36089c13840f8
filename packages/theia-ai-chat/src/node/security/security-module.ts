import { interfaces } from '@theia/core/shared/inversify';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { ContentSecurityPolicyContribution } from './content-security-policy';

/** The window's Content-Security-Policy. */
export function bindSecurity(bind: interfaces.Bind): void {
    bind(ContentSecurityPolicyContribution).toSelf().inSingletonScope();
    bind(BackendApplicationContribution).toService(ContentSecurityPolicyContribution);
}
