// Runs in the page (pass it to page.evaluate): observers that stamp, on the shared clock
// (performance.timeOrigin + performance.now()), the caret moving and an editor being shown.
// Shared by chromium-latency.mjs and claude-diff-latency.mjs, so both measure "shown" the same way.
export function installPageProbes() {
    const clock = () => performance.timeOrigin + performance.now();
    let keydownAt = NaN;
    window.addEventListener('keydown', () => { keydownAt = clock(); }, true);
    const visible = element => !!element && element.getClientRects().length > 0;
    window.__bench = {
        clockCheck() {
            const samples = Array.from({ length: 200 }, () => Date.now() - clock()).sort((a, b) => a - b);
            return samples[100];
        },
        /** Resolves `caret` at the first change of the focused editor's caret position (Monaco renders it in an animation frame). */
        armCaret() {
            const layer = document.activeElement?.closest('.monaco-editor')?.querySelector('.cursors-layer');
            const position = () => { const c = layer?.querySelector('.cursor'); return c && `${c.style.top},${c.style.left}`; };
            const before = position();
            keydownAt = NaN;
            this.caret = new Promise((resolve, reject) => {
                const observer = new MutationObserver(() => {
                    if (position() !== before) {
                        observer.disconnect();
                        resolve({ caretAt: clock(), keydownAt });
                    }
                });
                observer.observe(layer, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
                setTimeout(() => { observer.disconnect(); reject(new Error('the caret did not move')); }, 10_000);
            });
        },
        /**
         * Resolves `shown` with {contentAt, highlightedAt}: a visible (diff or plain) editor of the main
         * area renders `marker`, then (diff only) shows an inserted-text decoration.
         */
        armShown(kind, marker) {
            const result = {};
            this.shown = new Promise((resolve, reject) => {
                const check = () => {
                    const editors = [...document.querySelectorAll(kind === 'diff'
                        ? '#theia-main-content-panel .monaco-diff-editor .editor.modified'
                        : '#theia-main-content-panel .monaco-editor')].filter(e => kind === 'diff' || !e.closest('.monaco-diff-editor'));
                    const editor = editors.find(e => visible(e) && e.querySelector('.view-lines')?.textContent.includes(marker));
                    if (editor && result.contentAt === undefined) {
                        result.contentAt = clock();
                    }
                    if (editor && (kind !== 'diff' || editor.querySelector('.line-insert, .char-insert'))) {
                        result.highlightedAt = clock();
                        observer.disconnect();
                        resolve(result);
                    }
                };
                const observer = new MutationObserver(check);
                observer.observe(document.getElementById('theia-main-content-panel'),
                    { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class', 'style'] });
                setTimeout(() => { observer.disconnect(); reject(new Error(`no ${kind} editor showed ${marker}`)); }, 30_000);
            });
        }
    };
}
