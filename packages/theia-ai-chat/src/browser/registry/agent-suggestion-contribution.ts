import { injectable } from '@theia/core/shared/inversify';
import { FrontendApplicationContribution } from '@theia/core/lib/browser/frontend-application-contribution';
import * as monaco from '@theia/monaco-editor-core';
import { CHAT_VIEW_LANGUAGE_ID } from '@theia/ai-chat-ui/lib/browser/chat-view-language-contribution';
import { AcpRegistryCommands } from './registry-commands';
import { ADD_AGENT_SUGGESTION_LABEL, mentionStart } from './agent-suggestion';

/**
 * Add Agent from ACP Registry… as the last entry of the chat input's `@` agent list. Theia's list is a Monaco
 * completion provider of the chat input's language; Monaco merges every provider of a language, so this
 * second provider adds one entry: choosing it removes the `@` typed and opens the registry quick pick.
 */
@injectable()
export class AcpAgentSuggestionContribution implements FrontendApplicationContribution {
    onStart(): void {
        monaco.languages.registerCompletionItemProvider(CHAT_VIEW_LANGUAGE_ID, {
            triggerCharacters: ['@'],
            provideCompletionItems: (model, position) => {
                const line = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
                const start = mentionStart(line);
                if (start === undefined) {
                    return { suggestions: [] };
                }
                return {
                    suggestions: [{
                        label: ADD_AGENT_SUGGESTION_LABEL,
                        kind: monaco.languages.CompletionItemKind.Event,
                        detail: 'Pick an ACP agent to install',
                        filterText: `@${ADD_AGENT_SUGGESTION_LABEL}`,
                        sortText: '\uffff', // after every agent
                        insertText: '',
                        range: new monaco.Range(position.lineNumber, start, position.lineNumber, position.column),
                        command: { id: AcpRegistryCommands.ADD.id, title: ADD_AGENT_SUGGESTION_LABEL }
                    }]
                };
            }
        });
    }
}
