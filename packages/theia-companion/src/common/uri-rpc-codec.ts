import { MsgPackExtensionManager } from '@theia/core/lib/common/message-rpc/msg-pack-extension-manager';
import URI from '@theia/core/lib/common/uri';

/** A tag of MsgPackR's custom range (1-100) that Theia 1.74.1 leaves free (it uses 1 for Error). */
const URI_TAG = 42;

/**
 * Theia 1.74.1 sends a `URI` over RPC as a plain object, so the task system's problem matcher
 * markers (`problem.resource.withScheme(...)` in the frontend) never reach the Problems view.
 * Encoding URIs as their string, and decoding them as URIs again, on both ends, repairs that.
 * WIP: this changes what every RPC service receives for a URI, so it is not on the main branch.
 */
export function registerUriRpcCodec(): void {
    const manager = MsgPackExtensionManager.getInstance();
    if (manager.getExtension(URI_TAG)) {
        return;
    }
    manager.registerExtensions({ class: URI, tag: URI_TAG, serialize: uri => (uri as URI).toString(), deserialize: text => new URI(text as string) });
}
