import { interfaces } from '@theia/core/shared/inversify';
import { bindContributionProvider } from '@theia/core/lib/common/contribution-provider';
import { WelcomePageSection } from '../../common/theia-patch-hooks/welcome-page-section';
import { MonacoEditorProvider } from '@theia/monaco/lib/browser/monaco-editor-provider';
import { OpenerReleasingEditorProvider } from './editor-opener-release';
import { releaseShellTabBars } from './tab-bar-release';
import { GettingStartedWidget } from '@theia/getting-started/lib/browser/getting-started-widget';
import { AgentsGettingStartedWidget } from './getting-started-widget';

/**
 * Every place the companion works around a Theia or Lumino internal: see UPSTREAM.md for the change that would retire
 * each. The first two keep a closed editor (a diff review's, every review) from staying in the page for good.
 */
export function bindTheiaPatches(bind: interfaces.Bind, rebind: interfaces.Rebind, onActivation: interfaces.Container['onActivation'], isBound: interfaces.IsBound): void {
    // A closed tab group's tab bar, and the widget its toolbar last showed, stayed in the dock layout.
    releaseShellTabBars(onActivation);
    // Every editor's opener stayed registered with Monaco's opener service, and the editor with it.
    rebind(MonacoEditorProvider).to(OpenerReleasingEditorProvider).inSingletonScope();
    // The welcome page gets the contributed sections (the agents'); an app without Theia's welcome page has none to patch.
    bindContributionProvider(bind, WelcomePageSection);
    if (isBound(GettingStartedWidget)) {
        rebind(GettingStartedWidget).to(AgentsGettingStartedWidget);
    }
}
