import { interfaces } from '@theia/core/shared/inversify';
import { MonacoEditorProvider } from '@theia/monaco/lib/browser/monaco-editor-provider';
import { OpenerReleasingEditorProvider } from './editor-opener-release';
import { releaseShellTabBars } from './tab-bar-release';

/**
 * Every place the companion works around a Theia or Lumino internal: see UPSTREAM.md for the change that would retire
 * each. Both keep a closed editor (a diff review's, every review) from staying in the page for good.
 */
export function bindTheiaPatches(rebind: interfaces.Rebind, onActivation: interfaces.Container['onActivation']): void {
    // A closed tab group's tab bar, and the widget its toolbar last showed, stayed in the dock layout.
    releaseShellTabBars(onActivation);
    // Every editor's opener stayed registered with Monaco's opener service, and the editor with it.
    rebind(MonacoEditorProvider).to(OpenerReleasingEditorProvider).inSingletonScope();
}
