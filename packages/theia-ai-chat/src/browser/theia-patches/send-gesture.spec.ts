import '../../test/jsdom';
import * as assert from 'assert';
import { isSendGesture } from './send-gesture';

/** The parts of Theia's chat input that the gesture looks at, as chat-input-widget.tsx renders them. */
function chatInput(sendDisabled = false): { editor: HTMLTextAreaElement; send: HTMLElement; sendOption: HTMLElement; other: HTMLElement } {
    document.body.innerHTML = `
        <div class="theia-ChatInput">
            <div class="theia-ChatInput-Editor"><div class="monaco-editor"><textarea></textarea></div></div>
            <div class="theia-ChatInputOptions">
                <span class="option${sendDisabled ? ' disabled' : ''}" role="button"><span></span><span class="codicon codicon-send"></span></span>
                <span class="option" role="button"><span></span><span class="codicon codicon-attach"></span></span>
            </div>
        </div>`;
    return {
        editor: document.querySelector('textarea')!,
        send: document.querySelector('.codicon-send') as HTMLElement,
        sendOption: document.querySelector('.codicon-send')!.parentElement!,
        other: document.querySelector('.codicon-attach') as HTMLElement
    };
}

function seen(target: Element, event: Event, before?: (event: Event) => void): boolean {
    let result: boolean | undefined;
    document.addEventListener(event.type, e => before?.(e), { capture: true, once: true });
    document.body.addEventListener(event.type, e => { result = isSendGesture(e); }, { capture: true, once: true });
    target.dispatchEvent(event);
    return result!;
}

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
const click = () => new MouseEvent('click', { bubbles: true, cancelable: true });

describe('isSendGesture (what Theia\'s chat input answers by sending)', () => {
    // A DOM of its own for the tests' duration: other specs turn the shared one off after loading Theia's modules.

    it('a click on the enabled send button, on its icon or its option', () => {
        const { send, sendOption } = chatInput();
        assert.strictEqual(seen(send, click()), true);
        assert.strictEqual(seen(sendOption, click()), true);
    });

    it('not a click on the send button while it is disabled (empty input), nor on another option or the editor', () => {
        const { send, other, editor } = chatInput(true);
        assert.strictEqual(seen(send, click()), false);
        assert.strictEqual(seen(other, click()), false);
        assert.strictEqual(seen(editor, click()), false);
    });

    it('Enter in the editor, with Ctrl or Alt too, as Theia sends then', () => {
        const { editor } = chatInput();
        assert.strictEqual(seen(editor, key({ key: 'Enter' })), true);
        assert.strictEqual(seen(editor, key({ key: 'Enter', ctrlKey: true })), true);
        assert.strictEqual(seen(editor, key({ key: 'Enter', altKey: true })), true);
    });

    it('not Shift+Enter (a new line), Enter in an IME composition, another key, or Enter outside the editor', () => {
        const { editor, other } = chatInput();
        assert.strictEqual(seen(editor, key({ key: 'Enter', shiftKey: true })), false);
        assert.strictEqual(seen(editor, key({ key: 'Enter', isComposing: true })), false);
        assert.strictEqual(seen(editor, key({ key: 'a' })), false);
        assert.strictEqual(seen(other, key({ key: 'Enter' })), false);
    });

    it('not an Enter that a keybinding took first (picking an @ suggestion prevents its default)', () => {
        const { editor } = chatInput();
        assert.strictEqual(seen(editor, key({ key: 'Enter' }), e => e.preventDefault()), false);
    });

    it('Enter or Space on the focused send button, as its own key handler sends', () => {
        const { sendOption } = chatInput();
        assert.strictEqual(seen(sendOption, key({ key: 'Enter' })), true);
        assert.strictEqual(seen(sendOption, key({ key: ' ' })), true);
        assert.strictEqual(seen(sendOption, key({ key: 'x' })), false);
    });
});
