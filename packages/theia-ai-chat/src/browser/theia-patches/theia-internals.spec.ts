import * as assert from 'assert';
import { constFunctionSource, fingerprint, memberSource, moduleText } from '../../test/theia-source';

/**
 * Pins every Theia 1.74.1 internal the patches in this folder rely on: the source of each member they
 * override, copy or wrap, and the fields, names and CSS classes they read. A Theia upgrade that changes one
 * fails here, naming the patch to review (see UPSTREAM.md), instead of changing the chat's behaviour silently.
 */
interface Pin {
    readonly patch: string;
    readonly module: string;
    readonly className: string;
    /** member → fingerprint of its source in Theia 1.74.1 */
    readonly members: Record<string, string>;
    /** what the patch reads of the class besides those members */
    readonly uses?: string[];
}

const PINS: Pin[] = [{
    patch: 'EncodedChatSessionStore (a copy of storeSessions)',
    module: '@theia/ai-chat/lib/browser/chat-session-store-impl', className: 'ChatSessionStoreImpl',
    members: { storeSessions: '37fe60b59fbb0430' },
    uses: ['this.ensureStorageReady', 'this.fileService', 'this.storePromise', 'this.trimSessions', 'this.updateIndex']
}, {
    patch: 'AcpChatViewTreeWidget (renders the sent request and the first content at once)',
    module: '@theia/ai-chat-ui/lib/browser/chat-tree-view/chat-view-tree-widget', className: 'ChatViewTreeWidget',
    members: { trackChatModel: 'ee90fa1e89f3cc04', getScrollToRow: 'e6a6134f7549f3b5', recreateModelTree: '81806adfa3627b59' },
    uses: ['this.toDisposeOnChatModelChange', 'this.scrollToRow', 'this.chatAgentService', 'this.chatModelId = chatModel.id']
}, {
    patch: 'AcpChatViewTreeWidget (runs the tree\'s debounced rows now: doUpdateRows posts the update and schedules the scroll)',
    module: '@theia/core/lib/browser/tree/tree-widget', className: 'TreeWidget',
    members: { doUpdateRows: '66f518bb217efd2b', shouldDisplayNode: 'f78f7ac9606abf41', updateScrollToRow: '5a399acbf1114af4' },
    uses: ['this.updateRows = debounce(() => this.doUpdateRows(), 10);', 'this.scheduleUpdateScrollToRow = debounce(this.updateScrollToRow);',
        'this.model.onChanged(() => this.updateRows())']
}, {
    patch: 'AcpChatViewTreeWidget (a new root per chat: TreeImpl.root clears the node index that setChildren leaves stale)',
    module: '@theia/core/lib/browser/tree/tree', className: 'TreeImpl',
    members: { root: 'f02986cd09990096', setChildren: '6171679d29be2d4c', removeNode: 'f5037e7157ef9148' }
}, {
    patch: 'AcpChatInputWidget (model selector, prompt at the gesture, keybinding-label cache, config/usage row)',
    module: '@theia/ai-chat-ui/lib/browser/chat-input-widget', className: 'AIChatInputWidget',
    members: {
        init: '9c4b34bf393f5a54', onQuery: '97823de6bf012172', setupEditorEventListeners: '0f2c9a7e0e3c3eff',
        getKeybindingHint: 'd5707a4fac89faaa', getModelSelectorProps: '72e17f70bec0c521',
        // The row goes after what render returns; the modes are read only when the receiving agent changes;
        // the usage warning repeats Theia's decision for its own agents.
        render: '16f127bae0534000', updateAgentState: 'e9c72d7d7b094217', evaluateTokenUsageWarning: 'f9c8ca6d1f911596'
    },
    uses: ['this._chatModel', 'this.isEnabled', 'this.receivingAgent', 'this.chatAgentService', 'this.editorRef', 'this.keybindingRegistry',
        'getAllVariablesForRequest(', 'getSessionModelOverride(', 'this.handleSessionModelChange',
        'this.notifiedSessions', 'this.chatInputHasModesKey', 'AI_CHAT_HOME.id', 'this._branch = branch']
}, {
    patch: 'layOutOncePerFrame (wraps the inline editor\'s refresh)',
    module: '@theia/monaco/lib/browser/simple-monaco-editor', className: 'SimpleMonacoEditor',
    members: { refresh: '4372a73750b07c40' }
}, {
    patch: 'AcpChangeSetFileElement (reverts to an empty original too; Open Diff opens the hunk review, the entry counts its hunks; stored as kind acp-file with its review)',
    module: '@theia/ai-chat/lib/browser/change-set-file-element', className: 'ChangeSetFileElement',
    members: {
        revert: '13f930ce1a8b17b4', ensureInitialized: '2fab29b5db1d4662', confirm: 'f1f29a817766eb90', getOriginalContent: 'bcfc067003e637b3',
        init: '77d6dc9f8119d161', additionalInfo: '6ace6220ccea7e66', openChange: 'deccdb97344748aa',
        // The stored entry's data: targetState and originalState, which change-set-element-restore.ts reads back.
        toSerializable: '78893fc27ed468cc'
    },
    uses: ['this.state', 'this.type', 'this.changeSetFileService', 'this.elementProps', 'this.toDispose', 'this.onDidChangeEmitter', 'get originalTargetState()']
}, {
    patch: 'AcpAIChatContribution (Browse all chats: its own picker, in place of askForChatSession, which selectChat calls; restores, renames and deletes as Theia does)',
    module: '@theia/ai-chat-ui/lib/browser/ai-chat-ui-contribution', className: 'AIChatContribution',
    members: {
        askForChatSession: '2556b0b723ae20be', selectChat: 'f670cbfa48ed60aa', renameSession: 'c14e8b31aa890671', deleteSession: '2b82eb2874a8f265',
        checkPersistedSessions: '81e6de8cd1006c60'
    },
    uses: ['this.chatService.getPersistedSessions()', 'this.chatService.getOrRestoreSession(', 'this.hasPersistedSessions',
        'RENAME_CHAT_BUTTON = {', 'REMOVE_CHAT_BUTTON = {']
}, {
    patch: 'AgentListedChatSessionStore (the chat service reads an unknown id from the store and pins its agent)',
    module: '@theia/ai-chat/lib/common/chat-service', className: 'ChatServiceImpl',
    members: {
        getOrRestoreSession: '1f6d1111f4a66342', deleteSessionAndChildren: '3b1c11e5bba0f16c',
        getPersistedSessions: '179a339677b0e67f', hasPersistedSessions: '485a7851e6275fb6'
    },
    uses: ['this.sessionStore.readSession(', 'this.sessionStore.deleteSession(', 'serialized.pinnedAgentId']
}];

describe('Theia internals the chat patches rely on (Theia 1.74.1)', () => {
    for (const pin of PINS) {
        it(pin.patch, () => {
            const found = Object.fromEntries(Object.keys(pin.members).map(member => [member, fingerprint(memberSource(pin.module, pin.className, member))]));
            assert.deepStrictEqual(found, pin.members, `${pin.className} in ${pin.module} changed: review the patch and UPSTREAM.md`);
            const text = moduleText(pin.module);
            assert.deepStrictEqual((pin.uses ?? []).filter(use => !text.includes(use)), [], `${pin.className} no longer has what the patch reads`);
        });
    }

    it('useMarkdownRendering (replaced by markdown-rendering.tsx: same output and clicks, one markdown-it), called through its module\'s exports', () => {
        const module = '@theia/ai-chat-ui/lib/browser/chat-response-renderer/markdown-part-renderer';
        assert.strictEqual(fingerprint(constFunctionSource(module, 'useMarkdownRendering')), '219ebbfd36c48be2', 'useMarkdownRendering changed: review markdown-rendering.tsx');
        assert.ok(moduleText(module).includes('exports.useMarkdownRendering = useMarkdownRendering;'), 'no longer a plain assignment to exports');
        assert.ok(moduleText(module).includes('(0, exports.useMarkdownRendering)(text, openerService)'), 'MarkdownRender no longer calls it through exports');
        for (const caller of ['chat-tree-view/chat-view-tree-widget', 'chat-response-renderer/question-part-renderer', 'chat-input-agent-suggestions']) {
            assert.ok(moduleText(`@theia/ai-chat-ui/lib/browser/${caller}`).includes('(0, markdown_part_renderer_1.useMarkdownRendering)('),
                `${caller} no longer calls it through the module's exports`);
        }
    });

    it('the send gesture\'s selectors are the chat input\'s classes', () => {
        const text = moduleText('@theia/ai-chat-ui/lib/browser/chat-input-widget');
        for (const used of ['theia-ChatInput-Editor', 'codicon-send', 'className: `option${option.disabled ? \' disabled\' : \'\'}']) {
            assert.ok(text.includes(used), `chat-input-widget no longer renders ${used}`);
        }
    });
});
