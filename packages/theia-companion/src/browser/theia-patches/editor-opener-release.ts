import { injectable } from '@theia/core/shared/inversify';
import URI from '@theia/core/lib/common/uri';
import { DisposableCollection } from '@theia/core/lib/common/disposable';
import { EditorServiceOverrides, MonacoEditor } from '@theia/monaco/lib/browser/monaco-editor';
import { MonacoEditorProvider } from '@theia/monaco/lib/browser/monaco-editor-provider';
import { SimpleMonacoEditor } from '@theia/monaco/lib/browser/simple-monaco-editor';
import { StandaloneServices } from '@theia/monaco-editor-core/esm/vs/editor/standalone/browser/standaloneServices';
import { IOpenerService } from '@theia/monaco-editor-core/esm/vs/platform/opener/common/opener';

/**
 * Theia's `MonacoEditorProvider.doCreateEditor` registers an opener with Monaco's opener service for every editor it
 * creates and never removes it. The opener's closure shares its scope with the editor's, so each closed editor stayed
 * reachable from Monaco's services for the life of the page (each closed diff review kept its `MonacoDiffEditor`,
 * about 0.25 MB, in bench/soak.mjs). This provider removes an editor's opener when the editor is disposed; the openers
 * are all alike (they hand Monaco's opens to Theia), so the open editors' own ones still serve.
 */
@injectable()
export class OpenerReleasingEditorProvider extends MonacoEditorProvider {
    protected override async doCreateEditor<T extends MonacoEditor | SimpleMonacoEditor>(
        uri: URI, factory: (override: EditorServiceOverrides, toDispose: DisposableCollection) => Promise<T>
    ): Promise<T> {
        const openers = StandaloneServices.get(IOpenerService);
        const registrations = new DisposableCollection();
        const register = openers.registerOpener;
        const own = Object.getOwnPropertyDescriptor(openers, 'registerOpener');
        // Theia registers the opener before its first await, so within this synchronous call.
        openers.registerOpener = opener => {
            const registration = register.call(openers, opener);
            registrations.push(registration);
            return registration;
        };
        let creating: Promise<T>;
        try {
            creating = super.doCreateEditor(uri, factory);
        } finally {
            if (own) {
                Object.defineProperty(openers, 'registerOpener', own);
            } else {
                delete (openers as Partial<IOpenerService>).registerOpener; // the service's method (its class's) again
            }
        }
        try {
            const editor = await creating;
            editor.onDispose(() => registrations.dispose());
            return editor;
        } catch (error) {
            registrations.dispose();
            throw error;
        }
    }
}
