/*
 * Imported first by frontend specs that load Theia's browser modules under mocha in Node. For specs only.
 */
import { enableJSDOM } from '@theia/core/lib/browser/test/jsdom';

/** Stylesheets are imported by Theia's widgets; Node cannot load them and the specs need none. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
(require('module') as { _extensions: Record<string, unknown> })._extensions['.css'] = () => undefined;

const disableJSDOM = enableJSDOM();

// One DOM for every browser spec, whatever their order; gone once the run ends.
after(() => disableJSDOM());

// jsdom has no drag events; lumino's drag-and-drop module subclasses one at load time.
const globals = global as unknown as { DragEvent?: unknown; MouseEvent: typeof Event };
globals.DragEvent ??= class extends globals.MouseEvent { };

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { FrontendApplicationConfigProvider } = require('@theia/core/lib/browser/frontend-application-config-provider');
try {
    FrontendApplicationConfigProvider.set({});
} catch {
    // set by an earlier spec of the same run
}
