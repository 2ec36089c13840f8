// Runs in the page (pass it to page.evaluate): what bench/hunk-review.mjs does and stamps in the Theia window, on
// the page's clock (performance.timeOrigin + performance.now()). Every interval is stamped at both ends here, so no
// clock offset to the bench process is needed. Theia's services come from window.theia.container, as in the e2e harness.
export function installHunkReviewProbes() {
    const stamp = () => performance.timeOrigin + performance.now();
    const container = window.theia.container;
    // A service by its class's name, or (a production bundle minifies the names) by the members only its class has.
    const service = (pattern, members = []) => {
        const keys = [...container._bindingDictionary._map.keys()];
        const named = keys.find(key => pattern.test(typeof key === 'function' ? key.name : key.toString()));
        const withMembers = members.length ? keys.filter(key => typeof key === 'function' && members.every(member => member in key.prototype)) : [];
        // A subclass bound as well has the members too: the service is the class the others extend.
        const shaped = withMembers.filter(key => withMembers.every(other => other === key || other.prototype instanceof key));
        if (!named && shaped.length !== 1) {
            throw new Error(`no service ${pattern} (by members ${members.join(', ')}: ${withMembers.length} classes)`);
        }
        return container.get(named ?? shaped[0]);
    };
    const shell = () => service(/^ApplicationShell\d*$/, ['activateWidget', 'closeWidget', 'collapsePanel', 'revealWidget', 'getInsertionOptions']);
    const commands = () => service(/^CommandRegistry\d*$/, ['executeCommand', 'registerCommand', 'getAllHandlers', 'registerHandler']);
    const workspace = () => service(/^WorkspaceService\d*$/, ['tryGetRoots', 'getWorkspaceRootUri', 'addRoot', 'removeRoots']);
    const editors = () => service(/^EditorManager\d*$/, ['getOrCreateByUri', 'currentEditor', 'getByUri', 'open']);
    const visible = element => !!element && element.getClientRects().length > 0 && getComputedStyle(element).visibility === 'visible';
    // The editor's own lines: an inline diff draws the removed lines in view zones with a .view-lines of their own.
    const viewLines = element => [...element.querySelectorAll('.view-lines')].find(lines => !lines.closest('.view-zones'));
    const rendered = element => (viewLines(element)?.textContent ?? '').replace(/\u00a0/g, ' ');
    const diffWidgets = () => shell().widgets.filter(widget => widget.editor?.diffEditor);
    const isReview = widget => !!widget.node.querySelector('.theia-acp-hunk-review-status');
    const bench = window.__hunkBench = { inputAt: NaN, longTasks: [] };
    // The user's gesture: the first event the page sees of a click or a key press.
    window.addEventListener('mousedown', () => { bench.inputAt = stamp(); }, true);
    window.addEventListener('keydown', () => { bench.inputAt = stamp(); }, true);

    bench.review = () => diffWidgets().find(isReview);
    bench.plainEditor = () => shell().widgets.find(widget => widget.editor?.getControl && !widget.editor.diffEditor && widget.title.label === 'plain.txt');
    bench.waiting = () => Number(bench.review()?.node.querySelector('.theia-acp-hunk-review-status')?.dataset.waiting ?? NaN);

    /** "Review Agent Changes of This Chat", as the command palette runs it; the start of the interval. */
    bench.openReview = () => {
        const startAt = stamp();
        void commands().executeCommand('aiCliChat.review.chat');
        return startAt;
    };
    /** Theia's own diff editor of two workspace files, opened as the review opens its diff (the OpenerService). */
    bench.openPlainDiff = async (left, right, label) => {
        const root = (await workspace().roots)[0].resource;
        const URI = root.constructor;
        const uri = new URI().withScheme('diff').withPath(label).withQuery(JSON.stringify([root.resolve(left).toString(), root.resolve(right).toString()]));
        const openers = service(/^Symbol\(OpenerService\)$/);
        const startAt = stamp();
        void openers.getOpener(uri).then(opener => opener.open(uri));
        return startAt;
    };
    /** Resolves `actions` once the visible review shows `count` hunks waiting and a Keep/Undo pair in view. */
    bench.armActions = count => {
        bench.actions = new Promise((resolve, reject) => {
            const panel = document.getElementById('theia-main-content-panel');
            const check = () => {
                const editor = [...panel.querySelectorAll('.monaco-diff-editor .editor.modified')].find(visible);
                const status = editor?.querySelector('.theia-acp-hunk-review-status');
                if (status?.dataset.waiting === String(count) && [...editor.querySelectorAll('.theia-acp-hunk-actions [data-action="undo"]')].some(visible)) {
                    observer.disconnect();
                    resolve({ actionsAt: stamp() });
                }
            };
            const observer = new MutationObserver(check);
            observer.observe(panel, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class', 'style', 'data-waiting'] });
            setTimeout(() => { observer.disconnect(); reject(new Error(`the review did not show ${count} hunks with their actions`)); }, 30_000);
        });
    };
    /** Closes every diff editor without asking (nothing in them is unsaved: the review saves its Undo). */
    bench.closeDiffs = async () => {
        await Promise.all(diffWidgets().map(widget => shell().closeWidget(widget.id, { save: false })));
    };
    bench.diffCount = () => document.querySelectorAll('#theia-main-content-panel .monaco-diff-editor').length;

    /** plain.txt in a plain editor beside the review, so both stay on screen. */
    bench.openPlainEditorBeside = async () => {
        const root = (await workspace().roots)[0].resource;
        await editors().open(root.resolve('plain.txt'), { widgetOptions: { mode: 'split-right', ref: bench.review() } });
    };
    bench.closePlainEditor = async () => {
        await shell().closeWidget(bench.plainEditor()?.id, { save: false });
    };

    /**
     * Puts the review's first waiting hunk in view and returns its line's text (what Undo takes away) and where its
     * Undo button is; with `cursor`, the review's file side gets the focus and the cursor, for the key.
     */
    bench.prepareReviewUndo = cursor => {
        const diff = bench.review().editor.diffEditor;
        const modified = diff.getModifiedEditor();
        const hunk = diff.getLineChanges()[0];
        const line = hunk.modifiedStartLineNumber;
        modified.revealLineInCenter(line, 1 /* immediate */);
        if (cursor) {
            modified.setPosition({ lineNumber: line, column: 1 });
            modified.focus();
        }
        return { text: modified.getModel().getLineContent(line), waiting: bench.waiting() };
    };
    /** The Undo button of the review's first waiting hunk, in page pixels (once it is laid out in view). */
    bench.undoButtonBox = () => {
        const button = bench.review().node.querySelector('.theia-acp-hunk-actions[data-hunk="0"] [data-action="undo"]');
        const box = visible(button) && button.getBoundingClientRect();
        const point = box && box.width > 0 && { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        // Only where a click lands on the button itself (not clipped by the editor's edge, nor under another widget).
        return point && button.contains(document.elementFromPoint(point.x, point.y)) ? point : undefined;
    };
    /** Selects the text of `line` in the plain editor, in view and focused: a key press replaces it. */
    bench.preparePlainEdit = line => {
        const editor = bench.plainEditor().editor.getControl();
        const text = editor.getModel().getLineContent(line);
        editor.revealLineInCenter(line, 1);
        editor.setSelection({ startLineNumber: line, startColumn: 1, endLineNumber: line, endColumn: text.length + 1 });
        editor.focus();
        return { text };
    };
    /**
     * Resolves `gone` with {goneAt, frameAt} once the rendered lines of the review's file side (`review`) or of the
     * plain editor no longer hold `text`: the edit is on screen (frameAt: the frame after it, rAF then a task).
     */
    bench.armGone = (which, text) => {
        const editor = which === 'review' ? bench.review().editor.diffEditor.getModifiedEditor() : bench.plainEditor().editor.getControl();
        const node = editor.getDomNode();
        if (!rendered(node).includes(text)) {
            throw new Error(`${which}: "${text}" is not on screen before the edit`);
        }
        bench.inputAt = NaN;
        bench.gone = new Promise((resolve, reject) => {
            const observer = new MutationObserver(() => {
                if (!rendered(node).includes(text)) {
                    observer.disconnect();
                    const result = { goneAt: stamp(), inputAt: bench.inputAt };
                    requestAnimationFrame(() => setTimeout(() => resolve({ ...result, frameAt: stamp() })));
                }
            });
            observer.observe(viewLines(node), { subtree: true, childList: true, characterData: true });
            setTimeout(() => { observer.disconnect(); reject(new Error(`${which}: "${text}" stayed on screen`)); }, 10_000);
        });
    };

    /** From now on, the page's long tasks (PerformanceObserver 'longtask': tasks of 50 ms and more). */
    bench.recordLongTasks = () => {
        bench.taskObserver?.disconnect();
        bench.longTasks = [];
        bench.taskObserver = new PerformanceObserver(list => bench.longTasks.push(...list.getEntries()
            .map(entry => ({ start: performance.timeOrigin + entry.startTime, duration: entry.duration }))));
        bench.taskObserver.observe({ type: 'longtask' });
    };
}
