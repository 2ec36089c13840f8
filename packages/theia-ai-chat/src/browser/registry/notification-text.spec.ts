import * as assert from 'assert';
import markdownit from '@theia/core/shared/markdown-it';
import { plainNotificationText } from './notification-text';

describe('plainNotificationText', () => {
    // The engine Theia's NotificationContentRenderer uses for every notification.
    const render = (text: string) => markdownit({ html: false }).renderInline(text);

    it('a registry\'s markdown link or autolink shows as text: no link that would run a command', () => {
        for (const hostile of ['[Install](command:aiCliChat.signInInTerminal)', '<command:workbench.action.terminal.new>', '**bold** `code` ![x](http://127.0.0.1/x.png)']) {
            const html = render(plainNotificationText(`Evil was not installed: ${hostile}`));
            assert.doesNotMatch(html, /<a |<img |<strong>|<code>/, html);
        }
        assert.match(render('[Install](command:aiCliChat.signInInTerminal)'), /<a href="command:/, 'unescaped, Theia would render the link');
    });

    it('renders back to the text as written', () => {
        const text = 'Nice Agent changed: would now run NODE_OPTIONS=--require=/tmp/x.js npx -y @evil/agent@1.0.0 --acp (npx) & more <x> [y] \\z';
        assert.strictEqual(render(plainNotificationText(text)).replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'), text);
    });
});
