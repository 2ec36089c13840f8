import * as http from 'http';
import { inject, injectable } from '@theia/core/shared/inversify';
import { BackendApplicationContribution, EarlyExpressMiddleware } from '@theia/core/lib/node/backend-application';
import { WsRequestValidatorContribution } from '@theia/core/lib/node/ws-request-validators';
import { AllowedHosts } from './allowed-hosts';

export const REFUSED_HOST_MESSAGE = 'This Theia backend does not serve this host name. To reach it by this name, list the name in THEIA_HOSTS.\n';

/**
 * Refuses HTTP requests (before Theia hands out its connection-token cookie) and WebSocket / socket.io
 * requests whose `Host` the backend does not serve (AllowedHosts): Theia 1.74 answers any `Host`,
 * which lets a DNS rebinding page in.
 */
@injectable()
export class AllowedHostsContribution implements BackendApplicationContribution, WsRequestValidatorContribution {
    @inject(EarlyExpressMiddleware) protected readonly earlyMiddleware: EarlyExpressMiddleware;

    protected readonly hosts = new AllowedHosts(process.env.THEIA_HOSTS);

    initialize(): void {
        // First of the early handlers: the cookie one must never see a refused request.
        this.earlyMiddleware.handlers.unshift((request, response, next) => {
            if (this.hosts.allows(request.headers.host)) {
                next();
            } else {
                response.status(403).type('text/plain').send(REFUSED_HOST_MESSAGE);
            }
        });
    }

    allowWsUpgrade(request: http.IncomingMessage): boolean {
        return this.hosts.allows(request.headers.host);
    }
}
