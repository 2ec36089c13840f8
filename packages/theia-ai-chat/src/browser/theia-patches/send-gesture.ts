/** Theia's chat input editor box; its React `onKeyDown` sends on Enter (chat-input-widget.tsx). */
const INPUT_EDITOR = '.theia-ChatInput-Editor';
/** The icon of Theia's send button, inside an `.option` span (`.disabled` while the input is empty). */
const SEND_ICON = 'codicon-send';

/**
 * Whether a DOM event is one that Theia's chat input answers by sending: a click on its enabled send
 * button or Enter/Space on it while focused, or Enter (without Shift, outside an IME composition) in
 * its editor. Theia's keybindings run first (a capture listener on the document), so an Enter that
 * picks an `@` or `/` suggestion has been consumed already and never gets here.
 */
export function isSendGesture(event: Event): boolean {
    const target = event.target instanceof Element ? event.target : undefined;
    if (!target || event.defaultPrevented) {
        return false;
    }
    if (event.type === 'click') {
        return isSendButton(target);
    }
    if (event.type !== 'keydown') {
        return false;
    }
    const key = event as KeyboardEvent;
    if (key.isComposing) {
        return false;
    }
    if (isSendButton(target)) {
        return key.key === 'Enter' || key.key === ' ';
    }
    return key.key === 'Enter' && !key.shiftKey && !!target.closest(INPUT_EDITOR);
}

/** Theia's enabled send button, or an element inside it. */
export function isSendButton(target: Element): boolean {
    const option = target.closest('.option');
    return !!option && !option.classList.contains('disabled') && !!option.querySelector(`.${SEND_ICON}`);
}
