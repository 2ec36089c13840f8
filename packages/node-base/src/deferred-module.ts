/**
 * Heavy dependencies (the MCP SDK, zod, the ACP SDK, the agent API engine) loaded on first use from
 * node_modules instead of from the bundle the host built. Theia 1.74 bundles the whole backend into one
 * CommonJS file without chunks, so everything a static `require('x')` reaches is parsed at every start,
 * used or not. A require whose id is not a literal is left to Node by bundlers (esbuild, webpack), so the
 * module is read only when it is first needed.
 *
 * A host that ships no node_modules (the .vsix, one esbuild file) registers its bundled copies with
 * `provideBundledModules` before first use.
 */
const bundled = new Map<string, () => unknown>();
const loaded = new Map<string, unknown>();

/** Modules this host carries in its own bundle: `deferredRequire(id)` then returns them instead. */
export function provideBundledModules(modules: Record<string, () => unknown>): void {
    for (const [id, load] of Object.entries(modules)) {
        bundled.set(id, load);
    }
}

/** `require(id)` on first call (from the host's bundle when it provided one, else from node_modules); cached. */
export function deferredRequire<T>(id: string): T {
    if (!loaded.has(id)) {
        loaded.set(id, bundled.get(id)?.() ?? requireFromNodeModules(id));
    }
    return loaded.get(id) as T;
}

/** Whether `deferredRequire(id)` has already run (for tests and start-cost checks). */
export function isDeferredModuleLoaded(id: string): boolean {
    return loaded.has(id);
}

function requireFromNodeModules(id: string): unknown {
    try {
        // Not a literal on purpose: bundlers leave this require to Node at run time (see above).
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return require(id);
    } catch (error) {
        if ((error as { code?: string }).code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes(`'${id}'`)) {
            throw new Error(`${id} is loaded on first use from node_modules, but it is not installed next to the application `
                + `(the AI CLI companion depends on it; ship the application with its node_modules, or provide a bundled copy).`, { cause: error });
        }
        throw error;
    }
}
