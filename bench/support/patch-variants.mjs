// Copies of the built browser-app whose frontend bundle leaves out one of the AI chat's Theia patches
// (packages/theia-ai-chat/src/browser/theia-patches/), for acp-chat-latency.mjs --without=<patch>.
// A variant is bench/.variants/chat-without-<patch>/: package.json and the backend's main.js copied (the
// backend serves the frontend next to its own file), the frontend's bundle.js patched as text, everything
// else linked. The patch of a variant is a text replacement in the development bundle; when the bundle
// no longer holds the text exactly once, the variant cannot be made and says so.
import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_APP, REPO_ROOT } from '../../test/support/theia-app.mjs';
import { linkedAppCopy } from './linked-app-copy.mjs';

export const PATCH_VARIANTS = {
    store: {
        label: 'EncodedChatSessionStore (the auto-save serialized in slices)',
        search: 'rebind(chat_session_store_impl_1.ChatSessionStoreImpl).to(encoded_chat_session_store_1.EncodedChatSessionStore).inSingletonScope();',
        replacement: '/* bench: without the patch */'
    },
    tree: {
        label: 'AcpChatViewTreeWidget (the first answer content rendered at once)',
        search: 'rebind(chat_view_tree_widget_1.ChatViewTreeWidget).toDynamicValue(', replacement: 'void ('
    },
    input: {
        label: 'AcpChatInputWidget (send at the gesture, layout once per frame, keybinding labels cached; also the ACP model selector)',
        search: 'rebind(chat_input_widget_1.AIChatInputWidget).to(chat_input_widget_2.AcpChatInputWidget);', replacement: '/* bench: without the patch */'
    }
};

/** Makes (again) the variant without `name`; returns its app folder. */
export function makePatchVariant(name) {
    const variant = PATCH_VARIANTS[name];
    if (!variant) {
        throw new Error(`No patch variant '${name}'; known: ${Object.keys(PATCH_VARIANTS).join(', ')}`);
    }
    const app = path.join(REPO_ROOT, 'bench', '.variants', `chat-without-${name}`);
    linkedAppCopy(BROWSER_APP, app, ['lib/backend/main.js', 'lib/frontend/bundle.js']);
    fs.copyFileSync(path.join(BROWSER_APP, 'lib/backend/main.js'), path.join(app, 'lib/backend/main.js'));
    const bundle = fs.readFileSync(path.join(BROWSER_APP, 'lib/frontend/bundle.js'), 'utf8');
    const at = bundle.indexOf(variant.search);
    if (at < 0 || bundle.indexOf(variant.search, at + 1) >= 0) {
        throw new Error(`The bundle does not hold the text of the '${name}' patch exactly once: rebuild it in development mode, or update PATCH_VARIANTS.`);
    }
    fs.writeFileSync(path.join(app, 'lib/frontend/bundle.js'), bundle.slice(0, at) + variant.replacement + bundle.slice(at + variant.search.length));
    return app;
}
