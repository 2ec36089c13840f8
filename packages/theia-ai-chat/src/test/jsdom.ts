/*
 * Imported first by frontend specs: node-base's one DOM set-up for the Theia adapters' specs, handed Theia's pieces.
 */
import { enableJSDOM } from '@theia/core/lib/browser/test/jsdom';
import { specDom } from '@ai-cli-companion/node-base/test-support';

specDom({
    enableDom: enableJSDOM,
    // Required once the DOM is up, as Theia's frontend modules expect.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    configure: () => require('@theia/core/lib/browser/frontend-application-config-provider').FrontendApplicationConfigProvider.set({})
});
