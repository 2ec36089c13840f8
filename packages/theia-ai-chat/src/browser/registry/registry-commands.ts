import { Command } from '@theia/core/lib/common/command';
import { ADD_REGISTRY_AGENT_COMMAND } from '../../common/chat-follow-up-commands';

export namespace AcpRegistryCommands {
    const category = 'AI CLI Chat';
    export const ADD: Command = { id: ADD_REGISTRY_AGENT_COMMAND, category, label: 'Add Agent from ACP Registry…' };
    export const REMOVE: Command = { id: 'aiCliChat.removeAgent', category, label: 'Remove Agent…' };
    export const UPDATE: Command = { id: 'aiCliChat.updateRegistryAgents', category, label: 'Update Agents from ACP Registry…' };
}
