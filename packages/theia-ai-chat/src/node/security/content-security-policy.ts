import { inject, injectable } from '@theia/core/shared/inversify';
import { BackendApplicationContribution, EarlyExpressMiddleware } from '@theia/core/lib/node/backend-application';

/**
 * The window's Content-Security-Policy, a second line behind the chat's sanitizer of agent markdown: no form
 * in the window posts anywhere (a form in an answer passing for a sign-in sent the password where it said),
 * no plugin content, and no `<base>` that points the window's relative addresses elsewhere. Scripts, styles,
 * frames and connections are left as Theia needs them.
 */
export const CONTENT_SECURITY_POLICY = "form-action 'none'; object-src 'none'; base-uri 'self'";

/** Sets the policy on every response of the backend, before Theia's static files are served (its early middleware). */
@injectable()
export class ContentSecurityPolicyContribution implements BackendApplicationContribution {
    @inject(EarlyExpressMiddleware) protected readonly earlyMiddleware: EarlyExpressMiddleware;

    initialize(): void {
        this.earlyMiddleware.handlers.push((_request, response, next) => {
            response.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
            next();
        });
    }
}
