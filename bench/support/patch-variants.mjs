// Copies of the built browser-app whose frontend bundle leaves out one of the AI chat's Theia patches
// (packages/theia-ai-chat/src/browser/theia-patches/), for acp-chat-latency.mjs --without=<patch>.
// A variant is bench/.variants/chat-without-<patch>/: package.json and the backend's main.js copied (the
// backend serves the frontend next to its own file), the frontend's bundle.js patched as text, everything
// else linked. The patch of a variant is a replacement in the bundle (development or production) of the one place
// that binds or calls it; when the bundle no longer holds it exactly once, the variant cannot be made and says so.
import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_APP, REPO_ROOT } from '../../test/support/theia-app.mjs';
import { linkedAppCopy } from './linked-app-copy.mjs';

/** A patch's binding or call, as a pattern that finds it in the development bundle and in the minified production one. */
const NAME = '[\\w$]+';
export const PATCH_VARIANTS = {
    store: {
        label: 'EncodedChatSessionStore (the auto-save serialized in slices)',
        pattern: `${NAME}\\(${NAME}\\.ChatSessionStoreImpl\\)\\.to\\(${NAME}\\.EncodedChatSessionStore\\)\\.inSingletonScope\\(\\)`,
        replacement: 'void 0'
    },
    tree: {
        label: 'AcpChatViewTreeWidget (the sent request and the first answer content rendered at once)',
        // ours, not Theia's own binding: the widget class follows within the call
        pattern: `${NAME}\\(${NAME}\\.ChatViewTreeWidget\\)\\.toDynamicValue\\((?=[^;]{0,300}AcpChatViewTreeWidget)`, replacement: 'void ('
    },
    sent: {
        label: 'AcpChatViewTreeWidget\'s sent request rendered at once (the first content still is)',
        pattern: `this\\.renderSentRequestAtOnce\\(${NAME}\\.request\\)`, replacement: 'void 0'
    },
    markdown: {
        label: 'useMarkdownRendering with one markdown-it (Theia\'s builds one per message)',
        pattern: `\\(0,\\s*${NAME}\\.renderMarkdownWithOneParser\\)\\(\\)`, replacement: 'void 0'
    },
    input: {
        label: 'AcpChatInputWidget (send at the gesture, layout once per frame, keybinding labels cached; also the ACP model selector)',
        pattern: `${NAME}\\(${NAME}\\.AIChatInputWidget\\)\\.to\\(${NAME}\\.AcpChatInputWidget\\)`, replacement: 'void 0'
    }
};

/** Makes (again) the variant of the built app `base` (browser-app, or the production build) without `name`; returns its app folder. */
export function makePatchVariant(name, base = BROWSER_APP) {
    const variant = PATCH_VARIANTS[name];
    if (!variant) {
        throw new Error(`No patch variant '${name}'; known: ${Object.keys(PATCH_VARIANTS).join(', ')}`);
    }
    const app = path.join(REPO_ROOT, 'bench', '.variants', `${base === BROWSER_APP ? 'chat' : path.basename(base)}-without-${name}`);
    linkedAppCopy(base, app, ['lib/backend/main.js', 'lib/frontend/bundle.js']);
    fs.copyFileSync(path.join(base, 'lib/backend/main.js'), path.join(app, 'lib/backend/main.js'));
    const bundle = fs.readFileSync(path.join(base, 'lib/frontend/bundle.js'), 'utf8');
    const found = [...bundle.matchAll(new RegExp(variant.pattern, 'g'))];
    if (found.length !== 1) {
        throw new Error(`The bundle of ${path.relative(REPO_ROOT, base)} holds the '${name}' patch ${found.length} times, not once: rebuild it, or update PATCH_VARIANTS.`);
    }
    const at = found[0].index;
    fs.writeFileSync(path.join(app, 'lib/frontend/bundle.js'), bundle.slice(0, at) + variant.replacement + bundle.slice(at + found[0][0].length));
    return app;
}
