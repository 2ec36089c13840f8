import '../../test/jsdom';

import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DockLayout, DockPanel, TabBar, Widget } from '@theia/core/shared/@lumino/widgets';
import { Emitter } from '@theia/core/lib/common/event';
import { releaseTabBarOnDispose } from './tab-bar-release';

/**
 * Pins the Lumino and Theia internals the patches in this folder rely on (see UPSTREAM.md): a Lumino or Theia upgrade
 * that fixes or changes one fails here, naming the patch to review or drop.
 */
/** The compiled text of a module (read, not loaded: some cannot load in Node). */
function moduleText(modulePath: string): string {
    const file = modulePath.includes('/esm/') ? path.join(path.dirname(require.resolve('@theia/monaco-editor-core/package.json')),
        `${modulePath.slice('@theia/monaco-editor-core/'.length)}.js`) : require.resolve(modulePath);
    return fs.readFileSync(file, 'utf8');
}

describe('Theia internals the companion patches rely on (Theia 1.74.1, Lumino widgets 2.7.5)', () => {
    /** A real Lumino dock panel in the page, its tab bars made by the panel's renderer, which announces each like Theia's. */
    function dockPanel(): { panel: DockPanel; created: Emitter<TabBar<Widget>> } {
        const created = new Emitter<TabBar<Widget>>(); // DockPanelRenderer.onDidCreateTabBar
        const renderer: DockPanel.IRenderer = {
            createTabBar: () => {
                const tabBar = DockPanel.defaultRenderer.createTabBar();
                created.fire(tabBar);
                return tabBar;
            },
            createHandle: () => DockPanel.defaultRenderer.createHandle()
        };
        const panel = new DockPanel({ renderer });
        Widget.attach(panel, document.body);
        return { panel, created };
    }

    function editor(label: string): Widget {
        const widget = new Widget();
        widget.title.label = label;
        widget.title.closable = true;
        return widget;
    }

    /** The layout's items (private): a widget the layout holds for its layout box. */
    const layoutHolds = (panel: DockPanel, widget: Widget) => (panel.layout as unknown as { _items: Map<Widget, unknown> })._items.has(widget);

    it('tab-bar-release.ts: Lumino still keeps the disposed tab bar of a closed group (drop the patch when this fails)', () => {
        const { panel } = dockPanel();
        const closed = editor('a.ts');
        panel.addWidget(closed);
        const [tabBar] = panel.tabBars();
        closed.close();
        assert.ok(tabBar.isDisposed, 'closing the last tab disposes its tab bar');
        assert.deepStrictEqual([...panel.tabBars()], []);
        assert.ok(layoutHolds(panel, tabBar), 'Lumino now drops the tab bar\'s layout item itself: remove tab-bar-release.ts (UPSTREAM.md)');
        panel.dispose();
    });

    it('tab-bar-release.ts: with the patch the layout lets go of a closed group\'s tab bar, and of nothing else', () => {
        const { panel, created } = dockPanel();
        const release = created.event(tabBar => releaseTabBarOnDispose(tabBar, () => [panel]));
        const kept = editor('kept.ts');
        const closed = editor('closed.ts');
        panel.addWidget(kept);
        panel.addWidget(closed, { mode: 'split-right', ref: kept }); // a second tab group, closed below
        const [keptBar, closedBar] = panel.tabBars();
        assert.ok(closedBar.titles.includes(closed.title));
        closed.close();
        assert.ok(closedBar.isDisposed);
        assert.ok(!layoutHolds(panel, closedBar), 'the closed group\'s tab bar left the layout');
        assert.strictEqual(closedBar.node.parentNode, null, 'and the page');
        assert.ok(layoutHolds(panel, keptBar) && keptBar.node.parentNode === panel.node, 'the other group stays as it was');
        assert.ok(kept.isAttached && kept.isVisible);
        kept.close(); // the last group: the layout's root goes
        assert.ok(!layoutHolds(panel, keptBar));
        assert.strictEqual(panel.node.querySelectorAll('.lm-TabBar').length, 0);
        release.dispose();
        panel.dispose();
    });

    it('tab-bar-release.ts: Theia announces each tab bar of the shell\'s dock panels, and DockLayout detaches through detachWidget', () => {
        const shell = moduleText('@theia/core/lib/browser/shell/application-shell');
        const createTabBar = shell.slice(shell.indexOf('    createTabBar() {'), shell.indexOf('    createHandle() {'));
        assert.ok(createTabBar.includes('this.onDidCreateTabBarEmitter.fire(tabBar)'), 'DockPanelRenderer.createTabBar no longer fires onDidCreateTabBar');
        assert.ok(moduleText('@theia/core/lib/browser/frontend-application-module').includes('context.container.get(shell_1.DockPanelRenderer)'),
            'the shell\'s dock panel renderers no longer come from the container (onActivation would not see them)');
        assert.strictEqual(typeof (DockLayout.prototype as unknown as { detachWidget?: unknown }).detachWidget, 'function');
    });

    it('editor-opener-release.ts: Theia still registers an opener per editor before its first await and never removes it (drop the patch when this fails)', () => {
        const provider = moduleText('@theia/monaco/lib/browser/monaco-editor-provider');
        const start = provider.indexOf('    async doCreateEditor(uri, factory) {');
        assert.ok(start >= 0, 'MonacoEditorProvider.doCreateEditor(uri, factory) is gone: review editor-opener-release.ts');
        const body = provider.slice(start, provider.indexOf('\n    }\n', start));
        const registered = body.indexOf('.registerOpener({');
        assert.ok(registered >= 0 && registered < body.indexOf('await '), 'the opener is no longer registered before the first await');
        assert.ok(/\n\s*standaloneServices_1\.StandaloneServices\.get\(opener_1\.IOpenerService\)\.registerOpener\(\{/.test(body),
            'Theia now keeps the opener\'s registration: remove editor-opener-release.ts (UPSTREAM.md)');
        const openerService = moduleText('@theia/monaco-editor-core/esm/vs/editor/browser/services/openerService');
        assert.ok(openerService.includes('    registerOpener(opener) {\n        const remove = this._openers.unshift(opener);\n        return { dispose: remove };'),
            'Monaco\'s OpenerService.registerOpener (a method of its class, returning the removal) changed');
    });

    it('getting-started-widget.tsx: Theia\'s welcome page renders its Start section through renderStart, and its widget has an init to follow', () => {
        const page = moduleText('@theia/getting-started/lib/browser/getting-started-widget');
        assert.ok(page.includes('this.renderStart())'), 'render no longer calls renderStart: the agents section would not show');
        assert.ok(page.includes('    renderStart() {'), 'renderStart is gone: review getting-started-widget.tsx');
        assert.ok(page.includes('    init() {'), 'GettingStartedWidget.init is gone: the agents section asks for the CLIs from there');
        assert.ok(moduleText('@theia/getting-started/lib/browser/getting-started-frontend-module').includes('bind(getting_started_widget_1.GettingStartedWidget).toSelf()'),
            'the widget is no longer bound by its class: rebind(GettingStartedWidget) would not reach it');
    });
});
