import '../../test/jsdom';
import { strict as assert } from 'assert';
import type { TabBarToolbarRegistry } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import type { RenderedToolbarAction } from '@theia/core/lib/browser/shell/tab-bar-toolbar/tab-bar-toolbar-types';
import { ADD_REGISTRY_AGENT_COMMAND } from '../../common/chat-follow-up-commands';

// ChatViewWidget's module loads Monaco's CSS, which node cannot: the spec stands in for the class the item checks against.
class ChatViewWidget { }
const chatViewModule = require.resolve('@theia/ai-chat-ui/lib/browser/chat-view-widget');
require.cache[chatViewModule] = { id: chatViewModule, filename: chatViewModule, loaded: true, exports: { ChatViewWidget } } as unknown as NodeModule;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { AcpRegistryToolbarContribution } = require('./registry-toolbar') as typeof import('./registry-toolbar');
delete require.cache[chatViewModule]; // no other spec gets the stand-in

describe('Add Agent from ACP Registry… in the chat view\'s toolbar (issue 25 part 1)', () => {
    it('is an item of the chat view only, running the registry command, while AI is on', () => {
        const items: RenderedToolbarAction[] = [];
        new AcpRegistryToolbarContribution().registerToolbarItems({ registerItem: (item: RenderedToolbarAction) => items.push(item) } as unknown as TabBarToolbarRegistry);
        assert.equal(items.length, 1);
        const [item] = items;
        assert.equal(item.command, ADD_REGISTRY_AGENT_COMMAND);
        assert.equal(item.tooltip, 'Add Agent from ACP Registry…');
        assert.equal(item.when, 'ai-features.AiEnable.enableAI');
        assert.ok(item.icon);
        assert.equal(item.isVisible!(new ChatViewWidget() as never), true);
        assert.equal(item.isVisible!(undefined), false);
        assert.equal(item.isVisible!({} as never), false, 'not on other views');
    });
});
