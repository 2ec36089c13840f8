// What the terminal agent status (OSC 7501, OSC 21337) looks like in a Theia window, read from the page:
// each terminal's tab (its state class and the word the stylesheet shows after the label), the
// status bar's CLI and pending-review items, and a way to hide or open terminals. Used by the
// terminal-status e2e specs and bench/terminal-status-latency.mjs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The test program that speaks the protocol as a CLI does (one sequence per word typed). */
export const STATUS_PROGRAM = path.join(path.dirname(fileURLToPath(import.meta.url)), 'terminal-status-program.mjs');

/** A `claude` for the terminals' PATH that runs the status program instead (so "Run Claude Code in Terminal" starts it). */
export function statusProgramScript(app = 'claude-code') {
    return `#!/bin/sh\nSTATUS_APP=${app} exec "${process.execPath}" "${STATUS_PROGRAM}"\n`;
}

/** Every terminal widget: id, label, visible, the state on its tab ('' for none), what its last exit check saw, the word shown after the label, the caption. */
export function terminalTabs(page) {
    return page.evaluate(() => {
        const container = window.theia?.container;
        const shellId = [...container._bindingDictionary._map.keys()]
            .find(key => typeof key === 'function' && /^ApplicationShell\d*$/.test(key.name));
        return container.get(shellId).widgets
            .filter(widget => widget.buffer && typeof widget.sendText === 'function')
            .map(widget => {
                const label = document.querySelector(`[id="shell-tab-${widget.id}"] .lm-TabBar-tabLabel`);
                const after = label ? getComputedStyle(label, '::after').content : 'none';
                return {
                    id: widget.id, label: widget.title.label, visible: widget.isVisible, state: widget.node.dataset.agentStatus ?? '', exitCheck: widget.node.dataset.agentExitCheck,
                    shown: after === 'none' || after === 'normal' ? '' : JSON.parse(after), caption: widget.title.caption,
                    text: widget.buffer.getLines(0, widget.buffer.length, true).join('\n')
                };
            });
    });
}

/** The text of the pending-review status item ('' when it is not shown). */
export function pendingReviewText(page) {
    return page.evaluate(() => document.getElementById('status-bar-ai-cli-companion-pending-reviews')?.textContent?.trim() ?? '');
}

/** Collapses the bottom panel (the terminals' area): every terminal in it becomes hidden. */
export function collapseBottomPanel(page) {
    return page.evaluate(() => {
        const container = window.theia?.container;
        const shellId = [...container._bindingDictionary._map.keys()]
            .find(key => typeof key === 'function' && /^ApplicationShell\d*$/.test(key.name));
        container.get(shellId).collapsePanel('bottom');
    });
}

/** Opens a plain terminal (not one the companion started a CLI in) and returns its widget id. */
export function openPlainTerminal(page, title) {
    return page.evaluate(async terminalTitle => {
        const container = window.theia?.container;
        const get = name => container.get([...container._bindingDictionary._map.keys()]
            .find(key => typeof key === 'function' && key.name === name));
        const terminals = get('TerminalFrontendContribution');
        const terminal = await terminals.newTerminal({ title: terminalTitle });
        await terminal.start();
        terminals.open(terminal, { mode: 'activate' });
        return terminal.id;
    }, title);
}

/** Types into the terminal `id` as its pty input (the program reads lines). */
export function sendToTerminal(page, id, text) {
    return page.evaluate(({ id, text }) => {
        const container = window.theia?.container;
        const shellId = [...container._bindingDictionary._map.keys()]
            .find(key => typeof key === 'function' && /^ApplicationShell\d*$/.test(key.name));
        container.get(shellId).widgets.find(widget => widget.id === id).sendText(text);
    }, { id, text });
}

/** Closes the terminal `id` as its tab's × would (disposing the widget, ending its shell). */
export function closeTerminal(page, id) {
    return page.evaluate(targetId => {
        const container = window.theia?.container;
        const shellId = [...container._bindingDictionary._map.keys()]
            .find(key => typeof key === 'function' && /^ApplicationShell\d*$/.test(key.name));
        container.get(shellId).widgets.find(widget => widget.id === targetId).dispose();
    }, id);
}

/**
 * Records, in the page, every OSC 7501 payload each terminal receives (before the companion reads it) and
 * every state its tab shows (a MutationObserver on the tabs' class), with the time on the shared clock
 * (performance.timeOrigin + performance.now()). Call before the terminals start; read with `statusRecord`.
 */
export function recordStatus(page) {
    return page.evaluate(() => {
        const container = window.theia?.container;
        const service = container.get([...container._bindingDictionary._map.keys()]
            .find(key => typeof key === 'function' && key.name === 'TerminalStatusService'));
        const record = window.__terminalStatusRecord = { osc: [], tabs: [], text: [] };
        const now = () => performance.timeOrigin + performance.now();
        const onCreate = service.onCreate.bind(service);
        service.onCreate = widget => {
            onCreate(widget);
            // Registered after the companion's: xterm.js asks it first; false passes the sequence on.
            widget.getTerminal().parser.registerOscHandler(7501, payload => {
                record.osc.push({ id: widget.id, payload: payload.slice(0, 300), at: now() });
                return false;
            });
            // When xterm.js has parsed a "wrote <word> @<time>" line the program printed: the baseline.
            widget.getTerminal().onWriteParsed(() => {
                const buffer = widget.getTerminal().buffer.active;
                for (let y = Math.max(0, buffer.length - 40); y < buffer.length; y++) {
                    const match = /wrote (\w+) @([\d.]+)/.exec(buffer.getLine(y)?.translateToString(true) ?? '');
                    if (match && !record.text.some(t => t.writtenAt === Number(match[2]))) {
                        record.text.push({ id: widget.id, word: match[1], writtenAt: Number(match[2]), at: now() });
                    }
                }
            });
        };
        new MutationObserver(mutations => {
            const at = now();
            for (const mutation of mutations) {
                const tab = mutation.target;
                if (tab.id?.startsWith('shell-tab-')) {
                    const state = /ai-cli-terminal-status-(\w+)/.exec(tab.className)?.[1] ?? '';
                    const id = tab.id.slice('shell-tab-'.length);
                    const last = record.tabs.filter(t => t.id === id).pop();
                    if ((last?.state ?? '') !== state) {
                        record.tabs.push({ id, state, at });
                    }
                }
            }
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
}

/** What `recordStatus` saw: { osc: [{ id, payload, at }], tabs: [{ id, state, at }], text: [{ id, word, writtenAt, at }] }. */
export function statusRecord(page) {
    return page.evaluate(() => window.__terminalStatusRecord);
}
