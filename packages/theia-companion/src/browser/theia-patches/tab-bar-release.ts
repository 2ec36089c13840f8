import { interfaces } from '@theia/core/shared/inversify';
import { DockLayout, DockPanel, TabBar, Widget } from '@theia/core/shared/@lumino/widgets';
import { ApplicationShell, DockPanelRenderer } from '@theia/core/lib/browser/shell/application-shell';

/** Lumino's `DockLayout.detachWidget`: protected, the one way to drop a layout's item for a widget. */
interface DetachingLayout {
    detachWidget(widget: Widget): void;
}

/**
 * Closing the last tab of a tab group disposes its tab bar, but Lumino's `DockLayout` (2.7.5) never drops the tab bar's
 * layout item: the disposed bar stays in the layout for the life of the page, with Theia's toolbar in it, whose
 * `current` is the widget just closed (the toolbar stopped listening for its disposal first). Each closed diff review
 * kept its whole Monaco diff editor that way (about 435 event listeners and 0.25 MB a review in bench/soak.mjs).
 * Detaching the bar through the layout of the panel it is in, as it is disposed (Lumino emits `disposed` while the bar
 * is still in the panel), is what Lumino does for every other widget it removes.
 */
export function releaseTabBarOnDispose(tabBar: TabBar<Widget>, panels: () => DockPanel[]): void {
    tabBar.disposed.connect(() => {
        const panel = panels().find(candidate => candidate.node === tabBar.node.parentNode);
        const layout = panel?.layout as DockLayout | null | undefined;
        if (layout && !layout.isDisposed) {
            (layout as unknown as DetachingLayout).detachWidget(tabBar);
        }
    });
}

/** Every tab bar of the shell's dock panels (the editors' main area, the bottom panel) leaves its layout when disposed. */
export function releaseShellTabBars(onActivation: interfaces.Container['onActivation']): void {
    onActivation(DockPanelRenderer, ({ container }, renderer) => {
        const panels = () => {
            const shell = container.get(ApplicationShell);
            return [shell.mainPanel, shell.bottomPanel];
        };
        renderer.onDidCreateTabBar(tabBar => releaseTabBarOnDispose(tabBar, panels));
        return renderer;
    });
}
