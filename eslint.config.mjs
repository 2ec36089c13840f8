// Lint, and the layers the build enforces. Layers are read from the folder names, so a new package
// gets its rules without an edit here:
//   shared   packages/node-base: imports none of our packages.
//   servers  every other package that is not an adapter (the companion core, the agent API, engines):
//            no editor API (`@theia/*`, `vscode`), no adapter, and another server only through the shared
//            layer (the core and the agent API never import each other).
//   adapters packages/theia-* and packages/vscode-* but the Theia libraries: no other adapter.
//   Theia libraries, the folders listed in THEIA_LIBRARIES (packages/theia-block-review): Theia code several Theia
//            adapters share, since they never import each other. Only the Theia adapters import one; it imports no
//            adapter and, of the servers, only the core's `editor-shared` entry (and the shared layer).
// Everywhere: a package of ours only through its entry points (no deep `lib/` paths), and nothing of Node
// in `src/common/` or `src/browser/` (they run in the browser and in extension hosts).
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const SHARED = ['node-base'];
const ADAPTER = /^(theia|vscode)-/;
const THEIA_LIBRARIES = ['theia-block-review'];
const CORE = 'companion-core';

const packageNames = Object.fromEntries(fs.readdirSync('packages', { withFileTypes: true })
    .filter(entry => entry.isDirectory() && fs.existsSync(`packages/${entry.name}/package.json`))
    .map(entry => [entry.name, JSON.parse(fs.readFileSync(`packages/${entry.name}/package.json`, 'utf8')).name]));
const isAdapter = dir => ADAPTER.test(dir) && !THEIA_LIBRARIES.includes(dir);
const adapters = Object.keys(packageNames).filter(isAdapter);

const deepImports = { group: ['@ai-cli-companion/*/lib/*', '@ai-cli-companion/*/src/*'], message: 'Import a package of ours through its entry points (see its package.json "exports").' };
const editorApis = { group: ['@theia/*', 'vscode'], message: 'Editor APIs belong in an adapter (packages/theia-*, packages/vscode-*).' };
const names = dirs => dirs.flatMap(dir => [packageNames[dir], `${packageNames[dir]}/*`]);

// Adapters that are no IDE companion (the AI chat) use of the core only what every editor adapter shares.
const NOT_COMPANION = ['theia-ai-chat'];
const companionProtocol = {
    regex: '^@ai-cli-companion/core(/(?!editor-shared$).*)?$',
    message: 'Not a companion: of the core only @ai-cli-companion/core/editor-shared (shared paths are in node-base).'
};

function layerPatterns(dir) {
    const others = Object.keys(packageNames).filter(other => other !== dir);
    if (SHARED.includes(dir)) {
        return [{ group: names(others), message: 'The shared layer imports none of our packages.' }];
    }
    if (THEIA_LIBRARIES.includes(dir)) {
        const servers = others.filter(other => !SHARED.includes(other) && !ADAPTER.test(other) && other !== CORE);
        return [
            { group: ['vscode'], message: 'A Theia library: no VS Code API.' },
            { group: names(others.filter(isAdapter)), message: 'A Theia library imports no adapter (adapters import it).' },
            ...(servers.length ? [{ group: names(servers), message: 'A Theia library uses of the servers only @ai-cli-companion/core/editor-shared.' }] : []),
            { ...companionProtocol, message: 'A Theia library uses of the core only @ai-cli-companion/core/editor-shared.' }
        ];
    }
    if (ADAPTER.test(dir)) {
        const libraries = dir.startsWith('theia-') ? [] : THEIA_LIBRARIES;
        return [{ group: names(adapters.filter(a => a !== dir)), message: 'An adapter never imports another adapter.' },
            ...(libraries.length ? [{ group: names(libraries), message: 'Theia libraries are for the Theia adapters.' }] : []),
            ...(NOT_COMPANION.includes(dir) ? [companionProtocol] : [])];
    }
    const servers = others.filter(other => !SHARED.includes(other) && !ADAPTER.test(other));
    // The core stands alone; other servers may build on a non-core server library (an engine), never on the core.
    const forbidden = dir === CORE ? servers : servers.filter(other => other === CORE);
    return [
        editorApis,
        { group: names([...adapters, ...THEIA_LIBRARIES]), message: 'A server never imports an adapter (nor a Theia library).' },
        ...(forbidden.length ? [{ group: names(forbidden), message: 'Servers share code only through the shared layer (packages/node-base).' }] : [])
    ];
}

// Theia internals a package replaces: only its src/browser/theia-patches/ may import them, where a spec pins what each
// patch relies on (theia-internals.spec.ts) and UPSTREAM.md says which Theia change would retire it.
const internalsMessage = 'A Theia internal: patch it in src/browser/theia-patches/ (pinned by theia-internals.spec.ts, see UPSTREAM.md).';
const theiaInternals = {
    patterns: [{ group: ['@theia/core/lib/common/message-rpc/*'], message: internalsMessage }],
    paths: [
        ['@theia/core/lib/common/messaging/proxy-factory', 'RpcProxyFactory'],
        ['@theia/ai-chat/lib/browser/chat-session-store-impl', 'ChatSessionStoreImpl'],
        ['@theia/ai-chat-ui/lib/browser/chat-input-widget', 'AIChatInputWidget'],
        ['@theia/ai-chat-ui/lib/browser/chat-tree-view/chat-view-tree-widget', 'ChatViewTreeWidget'],
        ['@theia/ai-chat-ui/lib/browser/chat-response-renderer/markdown-part-renderer', 'useMarkdownRendering'],
        ['@theia/monaco/lib/browser/simple-monaco-editor', 'SimpleMonacoEditor'],
        ['@theia/monaco/lib/browser/monaco-editor-provider', 'MonacoEditorProvider']
    ].map(([name, importName]) => ({ name, importNames: [importName], message: internalsMessage }))
};
const patchedPackages = Object.keys(packageNames).filter(dir => fs.existsSync(`packages/${dir}/src/browser/theia-patches`));

// A patch is an override point, not a feature: it calls the hooks it declares (interface + symbol in
// src/common/theia-patch-hooks/) and imports only Theia, src/common/ and its own folder; features implement the hooks
// and bind them in their own modules, and never import a patch. Only the frontend module binds the patches. Specs may
// cross the seam (a patch's spec runs it with the feature's implementation of its hook).
const patchImportsFeature = {
    regex: '^\\.\\./(?!\\.\\./common(/|$))',
    message: 'A Theia patch imports only Theia, src/common/ and its own folder: declare the hook it calls in src/common/theia-patch-hooks/ and let the feature bind it.'
};
const importsPatch = {
    regex: '(^|/)theia-patches(/|$)',
    message: 'Only the frontend module imports theia-patches/: implement the patch\'s hook (src/common/theia-patch-hooks/) and bind it in this feature\'s module.'
};
const frontendModules = dir => [`packages/${dir}/src/browser/*-frontend-module.ts`];

// The ACP chat's folders form a chain per layer (issue 33 part 2): a folder imports only the folders below it, and
// none beside it but those listed. Lower folders offer contribution points (AcpSessionClientContribution in
// session/, AcpTurnContribution in turn/) and interfaces (AcpAgentDirectory, AcpAgentSecrets) that the folders above
// bind, so nothing imports upwards. Files at a layer's top (the modules that bind every folder) and specs may cross.
const chatFolderChains = {
    browser: {
        chain: 'session ← turn, input ← features ← agents',
        levels: [
            ['session'],
            ['turn', 'input'],
            ['auth', 'change-review', 'earlier-context', 'elicitation', 'file-system', 'history', 'permissions', 'registry', 'tool-calls'],
            ['agents']
        ],
        // A feature imports another feature only where listed (one way, so no cycle): the tool-call card shows the permission question's buttons.
        beside: { 'tool-calls': ['permissions'] }
    },
    node: {
        chain: 'agents ← features ← session ← history, registry',
        levels: [
            ['agents'],
            ['auth', 'elicitation', 'file-system', 'permissions', 'security', 'tool-calls'],
            ['session'],
            ['history', 'registry']
        ],
        beside: {}
    }
};
const chainConfigs = dir => Object.entries(chatFolderChains).flatMap(([layer, { chain, levels, beside }]) =>
    levels.flatMap((level, index) => level.map(folder => {
        const forbidden = [...levels.slice(index + 1).flat(), ...level.filter(other => other !== folder && !(beside[folder] ?? []).includes(other))];
        return {
            files: [`packages/${dir}/src/${layer}/${folder}/**/*.ts`, `packages/${dir}/src/${layer}/${folder}/**/*.tsx`],
            ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
            rules: {
                'no-restricted-imports': ['error', {
                    paths: theiaInternals.paths,
                    patterns: [deepImports, ...layerPatterns(dir), ...theiaInternals.patterns, importsPatch, {
                        regex: `^\\.\\./(\\.\\./)*(${forbidden.join('|')})(/|$)`,
                        message: `${layer}/${folder}/ may not import ${forbidden.join(', ')}: the chat's ${layer} folders form a chain, ${chain} ` +
                            '(a lower folder offers a contribution point or an interface the upper one binds; see ARCHITECTURE.md).'
                    }]
                }]
            }
        };
    })));

const nodeMessage = 'common/ and browser/ run outside Node: move this to node/.';
const nodeModules = builtinModules.filter(name => !name.startsWith('_')).map(name => ({ name, message: nodeMessage, allowTypeImports: true }));

export default tseslint.config(
    { ignores: ['**/lib/**', '**/dist/**', '**/node_modules/**', 'browser-app/**', 'electron-app/**', 'test/**', 'bench/**', 'scripts/**', '**/*.d.ts'] },
    { linterOptions: { reportUnusedDisableDirectives: 'error' } },
    {
        files: ['packages/*/src/**/*.ts', 'packages/*/src/**/*.tsx'],
        extends: [js.configs.recommended, ...tseslint.configs.recommended],
        rules: {
            '@typescript-eslint/no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', ignoreRestSiblings: true }],
            '@typescript-eslint/no-explicit-any': 'off', // specs drive fakes through `as any`; production code is checked by tsc's strict mode
            '@typescript-eslint/no-namespace': 'off',
            '@typescript-eslint/no-empty-object-type': 'off',
            'no-empty': ['error', { allowEmptyCatch: true }],
            'prefer-const': 'error',
            eqeqeq: ['error', 'smart']
        }
    },
    ...Object.keys(packageNames).map(dir => ({
        files: [`packages/${dir}/src/**/*.ts`, `packages/${dir}/src/**/*.tsx`],
        rules: { 'no-restricted-imports': ['error', { patterns: [deepImports, ...layerPatterns(dir)] }] }
    })),
    ...patchedPackages.map(dir => ({
        files: [`packages/${dir}/src/**/*.ts`, `packages/${dir}/src/**/*.tsx`],
        ignores: [`packages/${dir}/src/browser/theia-patches/**`, ...frontendModules(dir)],
        rules: {
            'no-restricted-imports': ['error', {
                paths: theiaInternals.paths, patterns: [deepImports, ...layerPatterns(dir), ...theiaInternals.patterns, importsPatch]
            }]
        }
    })),
    ...chainConfigs('theia-ai-chat'),
    ...patchedPackages.map(dir => ({
        files: frontendModules(dir),
        rules: {
            'no-restricted-imports': ['error', {
                paths: theiaInternals.paths, patterns: [deepImports, ...layerPatterns(dir), ...theiaInternals.patterns]
            }]
        }
    })),
    ...patchedPackages.map(dir => ({
        files: [`packages/${dir}/src/browser/theia-patches/**/*.ts`, `packages/${dir}/src/browser/theia-patches/**/*.tsx`],
        ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
        rules: { 'no-restricted-imports': ['error', { patterns: [deepImports, ...layerPatterns(dir), patchImportsFeature] }] }
    })),
    {
        // The companion's URI codec registers with Theia's msgpack extension point (under message-rpc): it patches
        // nothing, so only that pattern is lifted; the layers and the other internals still apply.
        files: ['packages/theia-companion/src/common/uri-rpc-codec*.ts'],
        rules: {
            'no-restricted-imports': ['error', { paths: theiaInternals.paths, patterns: [deepImports, ...layerPatterns('theia-companion'), importsPatch] }]
        }
    },
    {
        files: ['packages/*/src/common/**/*.ts', 'packages/*/src/browser/**/*.ts', 'packages/*/src/browser/**/*.tsx'],
        // Specs run in Node (mocha); the code they test does not.
        ignores: ['**/*.spec.ts'],
        rules: {
            '@typescript-eslint/no-restricted-imports': ['error', {
                paths: nodeModules,
                patterns: [
                    { group: ['node:*'], message: nodeMessage, allowTypeImports: true },
                    { group: ['**/node/**'], message: 'common/ and browser/ never import node/ code (their own or a package\'s).', allowTypeImports: true }
                ]
            }]
        }
    }
);
