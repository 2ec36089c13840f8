import '../../test/jsdom';

import * as assert from 'assert';
import * as React from '@theia/core/shared/react';
import { act } from '@theia/core/shared/react';
import { OpenerService } from '@theia/core/lib/browser/opener-service';
import { URI } from '@theia/core/lib/common/uri';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import { ChatResponseContent } from '@theia/ai-chat/lib/common/chat-model';
import { ResponseNode } from '@theia/ai-chat-ui/lib/browser/chat-tree-view/chat-view-tree-widget';
import { AcpSessionUpdate } from '../../common/acp-chat-protocol';
import { AcpPermissionRequest } from '../../common/permissions/permission-request';
import { AcpMarkdownRenderer, MarkdownRenderBudget } from './markdown-renderer';
import { askOnToolCall } from '../permissions/permission-question';
import { AcpTerminalOutputs } from '../tool-calls/terminal-outputs';
import { AcpToolCallRenderer } from '../tool-calls/tool-call-renderer';
import { AcpTurnLimitsRenderer } from './turn-limits-renderer';
import { AcpUpdateTranslator } from './update-translator';
import { manualFrames } from '../../test/manual-frames';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRoot } = require('@theia/core/shared/react-dom/client') as { createRoot(host: Element): { render(node: React.ReactNode): void; unmount(): void } };

/** A small seeded generator (mulberry32): the same seed gives the same updates. */
function random(seed: number): () => number {
    return () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

const ODD_TEXT = ['', '[x](command:aiCliCompanion.installCli?%5B%22gemini%22%5D)', '<a href="javascript:alert(1)">x</a>', 'file:///etc/passwd',
    '```', '~~~\n', '<!--', '<script>alert(1)</script>', '\u0000\u001b[31m', '\ud800', '| a |\n| - |', '\n\n', ':rocket:', 'http://[', '%zz', '../../x'];

/**
 * Random agent messages as the browser side gets them, with no schema in between: any kind, any field
 * of any type, long runs, permission requests with odd options. The SDK in the backend refuses some of
 * these before they get here; this checks the translator and the renderers do not rely on that.
 */
function hostileValue(next: () => number, depth = 0): unknown {
    const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)];
    switch (Math.floor(next() * 9)) {
        case 0: return Math.floor(next() * 1e6) - 5e5;
        case 1: return pick([null, undefined, true, false, NaN, -0]);
        case 2: return depth < 2 ? Array.from({ length: Math.floor(next() * 4) }, () => hostileValue(next, depth + 1)) : [];
        case 3: return depth < 2 ? { type: pick(['text', 'diff', 'content', 'terminal', 'x']), text: hostileValue(next, depth + 1), path: hostileValue(next, depth + 1) } : {};
        case 4: return 'x'.repeat(Math.floor(next() * 40_000));
        default: return pick(ODD_TEXT) + String.fromCharCode(...Array.from({ length: Math.floor(next() * 30) }, () => Math.floor(next() * 0x3000)));
    }
}

function hostileUpdate(next: () => number): AcpSessionUpdate {
    const value = () => hostileValue(next);
    const kinds = ['agent_message_chunk', 'agent_thought_chunk', 'tool_call', 'tool_call_update', 'plan', 'available_commands_update', 'current_mode_update', 'no_such'];
    return {
        sessionUpdate: next() < 0.9 ? kinds[Math.floor(next() * kinds.length)] : value(),
        content: next() < 0.5 ? { type: 'text', text: value() } : [{ type: 'diff', path: value(), oldText: value(), newText: value() }, { type: 'content', content: { type: 'text', text: value() } }, value()],
        toolCallId: next() < 0.8 ? `t${Math.floor(next() * 5)}` : value(), title: value(), kind: value(), status: next() < 0.5 ? 'exploded' : value(),
        locations: [{ path: value(), line: value() }, value()], entries: [{ content: value(), status: value() }, value()], availableCommands: [{ name: value() }, value()],
        currentModeId: value()
    } as AcpSessionUpdate;
}

describe('The chat against random, malformed agent messages (bounded fuzz, issue 21)', () => {
    const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
    it(`translates and renders them without throwing, within the turn's limits (seed ${seed}, replay with FUZZ_SEED)`, async function (): Promise<void> {
        this.timeout(120_000);
        const workspaceService = { tryGetRoots: () => [{ resource: URI.fromFilePath('/work/project') }] } as unknown as WorkspaceService;
        const openerService = { getOpener: async () => ({ open: async () => assert.fail('nothing is clicked') }) } as unknown as OpenerService;
        const frames = manualFrames();
        const renderers = [
            Object.assign(new AcpMarkdownRenderer(), { openerService, workspaceService, renderBudget: new MarkdownRenderBudget(frames.schedule) }),
            Object.assign(new AcpToolCallRenderer(), { openerService, workspaceService, terminals: new AcpTerminalOutputs() }),
            Object.assign(new AcpTurnLimitsRenderer(), { openerService })
        ];
        for (let round = 0; round < 20; round++) {
            const next = random(seed + round);
            const parts: ChatResponseContent[] = [];
            const translator = new AcpUpdateTranslator({
                add: content => {
                    const last = parts.at(-1);
                    if (!(last?.kind === content.kind && last.merge?.(content))) {
                        parts.push(content);
                    }
                },
                changed: () => undefined
            }, { onCommands: () => undefined, onMode: () => undefined }, frames.schedule);
            for (let step = 0; step < 60; step++) {
                if (next() < 0.1) {
                    const request = { permissionId: `p${step}`, toolCall: { toolCallId: `t${step % 5}` }, options: next() < 0.8 ? [0, 1, 2].map(() => ({ optionId: hostileValue(next), name: hostileValue(next), kind: next() < 0.5 ? 'allow_always' : hostileValue(next) })) : hostileValue(next) } as unknown as AcpPermissionRequest;
                    const call = translator.toolCall(request.toolCall);
                    translator.showHiddenCall(call);
                    askOnToolCall(call, request, async () => true, () => undefined);
                } else {
                    translator.update(hostileUpdate(next));
                }
            }
            translator.end();
            frames.frame();
            const host = document.createElement('div');
            const root = createRoot(host);
            await act(async () => root.render(parts.map((part, index) => React.createElement(React.Fragment, { key: index },
                renderers.find(renderer => renderer.canHandle(part) > 0)?.render(part as never, {} as ResponseNode)))));
            // Bounded: a render that schedules a frame every frame would otherwise spin until mocha's timeout.
            for (let frame = 0; frames.pending() > 0; frame++) {
                assert.ok(frame < 1000, `seed ${seed + round}: frames still pending after 1000`);
                await act(async () => frames.frame());
            }
            assert.equal(host.querySelectorAll('a[href^="command:"], a[href^="javascript:"], script').length, 0, `seed ${seed + round}`);
            for (const button of Array.from(host.querySelectorAll<HTMLButtonElement>('.theia-acp-permission-option'))) {
                await act(async () => button.click());
            }
            await act(async () => root.unmount());
        }
    });
});
