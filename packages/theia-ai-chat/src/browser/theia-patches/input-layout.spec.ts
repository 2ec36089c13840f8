import * as assert from 'assert';
import { Disposable } from '@theia/core/lib/common/disposable';
import { RefreshingEditor, layOutOncePerFrame } from './input-layout';
import { manualFrames } from '../../test/manual-frames';

function editor(): RefreshingEditor & { layouts: number; dispose(): void } {
    const disposeListeners: Array<() => void> = [];
    const result = {
        layouts: 0,
        refresh(): void { this.layouts++; },
        getControl: () => ({
            onDidDispose: (listener: () => void) => {
                disposeListeners.push(listener);
                return Disposable.create(() => disposeListeners.splice(disposeListeners.indexOf(listener), 1));
            }
        }),
        dispose: () => [...disposeListeners].forEach(listener => listener())
    };
    return result;
}

/** An editor laid out once per frame by frames that come when the spec says. */
function laidOutOncePerFrame() {
    const frames = manualFrames();
    const input = editor();
    const handle = layOutOncePerFrame(input, frames.schedule);
    return { frames, input, handle };
}

describe('layOutOncePerFrame (the chat input\'s editor lays out once per frame)', () => {
    it('many refreshes before a frame are one layout in that frame, on the editor itself', () => {
        const { frames, input } = laidOutOncePerFrame();
        input.refresh();
        input.refresh();
        input.refresh();
        assert.strictEqual(input.layouts, 0, 'nothing is laid out inside the change');
        assert.strictEqual(frames.pending(), 1);
        frames.frame();
        assert.strictEqual(input.layouts, 1);
        input.refresh();
        frames.frame();
        assert.strictEqual(input.layouts, 2, 'the next change gets the next frame');
    });

    it('disposed: the pending layout is dropped and refresh lays out at once again', () => {
        const { frames, input, handle } = laidOutOncePerFrame();
        input.refresh();
        handle.dispose();
        assert.strictEqual(frames.pending(), 0);
        input.refresh();
        assert.strictEqual(input.layouts, 1);
    });

    it('the editor disposed with a layout pending: none runs on it', () => {
        const { frames, input } = laidOutOncePerFrame();
        input.refresh();
        input.dispose();
        frames.frame();
        assert.strictEqual(input.layouts, 0);
    });
});
