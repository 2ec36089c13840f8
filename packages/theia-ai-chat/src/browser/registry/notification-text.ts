/**
 * Theia renders a notification's text as inline markdown, and opens a link in it with the opener service:
 * a `command:` link runs that command. Registry text (an agent's name, a package, a problem line, the
 * backend's message about them) reaches our notifications, so every one is escaped to show as written.
 */
export function plainNotificationText(text: string): string {
    return text.replace(/[\\`*_[\]<>()!&]/g, '\\$&');
}
