/**
 * The one DOM set-up for the Theia adapters' frontend specs under mocha in Node. It lives here because the adapters may
 * not import each other and no layer below them may import Theia (eslint.config.mjs): each adapter's src/test/jsdom.ts
 * hands in Theia's two pieces, and its frontend specs import that file first.
 */
export interface SpecDomParts {
    /** Theia's `enableJSDOM` (@theia/core/lib/browser/test/jsdom): globals of a jsdom window, and their removal. */
    enableDom(): () => void;
    /** Run once the DOM is up: Theia's `FrontendApplicationConfigProvider.set({})`, which throws when already set. */
    configure(): void;
}

export function specDom(parts: SpecDomParts): void {
    // Stylesheets are imported by Theia's widgets; Node cannot load them and the specs need none.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('module') as { _extensions: Record<string, unknown> })._extensions['.css'] = () => undefined;

    const disableDom = parts.enableDom();
    // React's act() in the specs that draw: without the flag React warns on every act.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // One DOM for every frontend spec, whatever their order; gone once the run ends.
    after(() => disableDom());

    // jsdom has no drag events; lumino's drag-and-drop module subclasses one at load time.
    const globals = global as unknown as { DragEvent?: unknown; MouseEvent: typeof Event };
    globals.DragEvent ??= class extends globals.MouseEvent { };

    try {
        parts.configure();
    } catch {
        // set by an earlier spec of the same run
    }
}
