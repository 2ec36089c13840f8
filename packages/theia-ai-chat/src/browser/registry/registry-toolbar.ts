import { injectable } from '@theia/core/shared/inversify';
import type { Widget } from '@theia/core/lib/browser/widgets/widget';
import { TabBarToolbarContribution, TabBarToolbarRegistry } from '@theia/core/lib/browser/shell/tab-bar-toolbar';
import { ENABLE_AI_CONTEXT_KEY } from '@theia/ai-core/lib/browser/ai-activation-service';
import { ChatViewWidget } from '@theia/ai-chat-ui/lib/browser/chat-view-widget';
import { AcpRegistryCommands } from './registry-commands';

/** The toolbar item's id (also its element's id in the chat view's toolbar). */
export const ADD_REGISTRY_AGENT_TOOLBAR_ID = 'chat-view.' + AcpRegistryCommands.ADD.id;

/**
 * Add Agent from ACP Registry… in the chat view's own toolbar, beside Theia's chat actions (the input's `@`
 * list offers it too: agent-suggestion-contribution.ts).
 */
@injectable()
export class AcpRegistryToolbarContribution implements TabBarToolbarContribution {
    registerToolbarItems(registry: TabBarToolbarRegistry): void {
        registry.registerItem({
            id: ADD_REGISTRY_AGENT_TOOLBAR_ID,
            command: AcpRegistryCommands.ADD.id,
            icon: 'codicon codicon-extensions',
            tooltip: AcpRegistryCommands.ADD.label,
            priority: 1,
            isVisible: (widget?: Widget) => widget instanceof ChatViewWidget,
            when: ENABLE_AI_CONTEXT_KEY
        });
    }
}
