import { ContainerModule } from '@theia/core/shared/inversify';
import { bindAcpChatPreferences } from '../common/acp-chat-preferences';
import { bindAgents } from './agents/agents-module';
import { bindAuth } from './auth/auth-module';
import { bindChangeReview } from './change-review/change-review-module';
import { bindElicitation } from './elicitation/elicitation-module';
import { bindEarlierContext } from './earlier-context/earlier-context-module';
import { bindFileSystem } from './file-system/file-system-module';
import { AcpEditorFileSystem } from './file-system/editor-file-system';
import { AcpClientFiles } from './session/session-client-contribution';
import { AcpPromptNote } from './input/prompt-note';
import { REVIEW_NOTE_VARIABLE_ID, ReviewNoteSink } from './change-review/review-note';
import { bindHistory } from './history/history-module';
import { bindInput } from './input/input-module';
import { bindPermissions } from './permissions/permissions-module';
import { bindRegistry } from './registry/registry-module';
import { bindSession } from './session/session-module';
import { bindTheiaPatches } from './theia-patches/theia-patches-module';
import { bindToolCalls } from './tool-calls/tool-calls-module';
import { bindTurn } from './turn/turn-module';
import '../../src/browser/style/acp-chat.css'; // lib/ has no CSS: the bundler reads it from src/

/** ACP agents in Theia's AI chat, feature by feature. */
export default new ContainerModule((bind, _unbind, _isBound, rebind) => {
    bindAcpChatPreferences(bind);
    bindAgents(bind);
    bindSession(bind);
    bindEarlierContext(bind);
    bindHistory(bind);
    bindInput(bind);
    bindTurn(bind);
    bindToolCalls(bind);
    bindPermissions(bind);
    bindElicitation(bind);
    bindFileSystem(bind);
    // The client's file callbacks (session/frontend-client.ts) are the editor's files. Their place is bindFileSystem;
    // bound here while file-system/ is left alone (issue 33 part 2).
    bind(AcpClientFiles).toService(AcpEditorFileSystem);
    bindChangeReview(bind);
    // The note that goes with the next prompt (input/prompt-note.ts) is change-review's Review note.
    bind(AcpPromptNote).toDynamicValue(({ container }): AcpPromptNote => ({
        variableId: REVIEW_NOTE_VARIABLE_ID,
        sent: chatSessionId => container.get<ReviewNoteSink>(ReviewNoteSink).sent(chatSessionId)
    })).inSingletonScope();
    bindAuth(bind);
    bindRegistry(bind);
    bindTheiaPatches(bind, rebind);
});
