import { MsgPackExtensionManager } from '@theia/core/lib/common/message-rpc/msg-pack-extension-manager';
import URI from '@theia/core/lib/common/uri';

/** The tag `@theia/plugin-ext` gives URIs, so both ends and a plugin host read ours the same way. */
const URI_TAG = 2;

/**
 * Theia 1.74.1 core sends a `URI` over RPC as a plain object; only `@theia/plugin-ext` registers a
 * codec for it. In an app without plug-ins the task system's problem-matcher markers
 * (`problem.resource.withScheme(...)` in the frontend) then never reach the Problems view.
 * Call this once every module is loaded (a contribution's `initialize`): when nothing claimed URIs,
 * URIs travel as their string and come back as URIs; when plug-in support did, it is left alone.
 */
export function registerUriRpcCodec(): void {
    const manager = MsgPackExtensionManager.getInstance();
    for (let tag = 1; tag <= 100; tag++) {
        const extension = manager.getExtension(tag);
        if (extension?.class === URI || (tag === URI_TAG && extension)) {
            return;
        }
    }
    manager.registerExtensions({ class: URI, tag: URI_TAG, serialize: uri => (uri as URI).toString(), deserialize: text => new URI(text as string) });
}
