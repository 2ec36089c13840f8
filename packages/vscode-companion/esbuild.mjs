// Bundles the extension and everything it imports (the protocol core, the MCP SDK, zod) into one
// CommonJS file, so the .vsix ships no node_modules and `vsce package --no-dependencies` suffices.
import esbuild from 'esbuild';

await esbuild.build({
    entryPoints: ['src/extension.ts'],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // Provided by the host (VS Code's extension host or Theia's plugin host), never bundled.
    external: ['vscode'],
    // ESM entry points first: jsonc-parser's UMD build loads its parts with a dynamic require().
    mainFields: ['module', 'main'],
    outfile: 'dist/extension.cjs',
    sourcemap: false,
    minify: process.argv.includes('--minify'),
    keepNames: true, // readable stack traces in the output channel even when minified
    logLevel: 'warning'
});
