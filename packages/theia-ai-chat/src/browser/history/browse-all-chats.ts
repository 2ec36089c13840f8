import { inject, injectable } from '@theia/core/shared/inversify';
import { nls } from '@theia/core/lib/common/nls';
import { QuickInputService, QuickPickItem, QuickPickSeparator } from '@theia/core/lib/common/quick-pick-service';
import { ChatService } from '@theia/ai-chat/lib/common/chat-service';
import { ChatAgentService } from '@theia/ai-chat/lib/common/chat-agent-service';
import { formatTimeAgo } from '@theia/ai-chat-ui/lib/browser/chat-date-utils';
import { ChatPickActions, ChatSessionPicker } from '../../common/theia-patch-hooks/chat-session-picker';
import { AcpAgentHistory, AcpHistoryBrowse, BROWSE_BUSY_MS } from './agent-history';

/** The entry that asks the agents which would have to be started to list their sessions. */
export const LOAD_AGENT_HISTORIES = 'ai-cli-chat.load-agent-histories';

interface ChatRow {
    readonly id: string;
    readonly title: string;
    readonly date: number;
    readonly open: boolean;
    readonly delegated: boolean;
    readonly agentName?: string;
    readonly agentIcon?: string;
    readonly firstPrompt?: string;
}

/**
 * "Browse all chats…" that never waits for an agent (issue 31 part 4). Theia's own picker shows nothing until
 * the whole session index is read, and the index held every agent's `session/list`, which took seconds (agents
 * were started to answer). Here Theia's chats show at once; each agent that answers without starting joins the
 * list when it answers, the picker busy meanwhile (at most BROWSE_BUSY_MS); the agents that would have to start
 * are one entry, "Load the sessions of …", which asks them and keeps the picker open.
 * Rows look like Theia's: open chats first, then restored ones, then the agents' sessions, each newest first, with
 * Rename and Remove.
 */
@injectable()
export class AcpBrowseAllChats implements ChatSessionPicker {
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(ChatService) protected readonly chatService: ChatService;
    @inject(ChatAgentService) protected readonly chatAgents: ChatAgentService;
    @inject(AcpAgentHistory) protected readonly history: AcpAgentHistory;

    pick(actions: ChatPickActions): Promise<QuickPickItem | undefined> {
        const browse = this.history.browse();
        const picker = this.quickInput.createQuickPick();
        picker.placeholder = nls.localize('theia/ai/chat-ui/selectChat', 'Select chat');
        picker.matchOnDescription = true;
        // Busy while agents are asked, for BROWSE_BUSY_MS at most from the last time they were asked.
        let busyEnds = 0;
        let busyTimer: ReturnType<typeof setTimeout> | undefined;
        const busyWhileAsking = () => {
            busyEnds = Date.now() + BROWSE_BUSY_MS;
            picker.busy = true;
            clearTimeout(busyTimer);
            busyTimer = setTimeout(() => { picker.busy = false; }, BROWSE_BUSY_MS);
        };
        let rendering = Promise.resolve();
        const render = (): Promise<void> => rendering = rendering.then(async () => {
            picker.items = await this.rows(browse, actions);
            picker.busy = browse.waiting > 0 && Date.now() < busyEnds;
        });
        browse.onDidChange(() => void render());
        busyWhileAsking();
        picker.show();
        void render();
        return new Promise(resolve => {
            picker.onDidAccept(async () => {
                const item = picker.selectedItems[0];
                if (item?.id === LOAD_AGENT_HISTORIES) {
                    busyWhileAsking();
                    browse.load();
                    return;
                }
                const opened = item?.id !== undefined && (this.chatService.getSession(item.id) !== undefined || await actions.restore(item.id));
                resolve(opened ? item : undefined);
                picker.hide();
            });
            picker.onDidTriggerItemButton(async ({ button, item }) => {
                if (!item.id) {
                    return;
                }
                if (button === actions.renameButton) {
                    picker.hide();
                    await actions.rename(item.id);
                } else if (button === actions.removeButton) {
                    await actions.remove(item.id);
                    await render();
                    if (!picker.items.some(row => row.type !== 'separator' && row.id !== LOAD_AGENT_HISTORIES)) {
                        picker.hide();
                    }
                }
            });
            picker.onDidHide(() => {
                clearTimeout(busyTimer);
                browse.dispose();
                picker.dispose();
                resolve(undefined);
            });
        });
    }

    /** Theia's open chats, then the stored ones and the agents' sessions answered so far, then the load entry. */
    protected async rows(browse: AcpHistoryBrowse, actions: ChatPickActions): Promise<Array<QuickPickItem | QuickPickSeparator>> {
        const open: ChatRow[] = this.chatService.getSessions().filter(session => !!session.title).map(session => ({
            id: session.id, title: session.title!, date: session.lastInteraction?.getTime() ?? 0, open: true,
            delegated: !!session.rootSessionId, agentName: session.pinnedAgent?.name, agentIcon: session.pinnedAgent?.iconClass,
            firstPrompt: session.model.getRequests().at(0)?.request.text
        }));
        const openIds = new Set(open.map(row => row.id));
        const index = await this.chatService.getPersistedSessions().catch(error => {
            console.warn('Could not read the stored chats', error);
            return {};
        });
        const restored: ChatRow[] = Object.values(index).filter(entry => !openIds.has(entry.sessionId)).map(entry => {
            const agent = entry.pinnedAgentId ? this.chatAgents.getAgent(entry.pinnedAgentId) : undefined;
            return {
                id: entry.sessionId, title: entry.title, date: entry.saveDate, open: false,
                delegated: !!entry.rootSessionId, agentName: agent?.name
            };
        });
        const newestFirst = (a: ChatRow, b: ChatRow) => b.date - a.date;
        // The agents' sessions in a section of their own, below Theia's chats: what comes in while the list shows
        // never moves a row the user is about to click.
        const fromAgents = restored.filter(row => this.history.owns(row.id));
        const stored = restored.filter(row => !this.history.owns(row.id));
        const rows: Array<QuickPickItem | QuickPickSeparator> = [];
        const section = (label: string, entries: ChatRow[]) => entries.length > 0
            && rows.push({ type: 'separator', label }, ...entries.sort(newestFirst).map(row => this.item(row, actions)));
        section(nls.localizeByDefault('Active'), open);
        section(nls.localize('theia/ai/chat-ui/sectionRestored', 'Restored'), stored);
        section('The agents\' sessions', fromAgents);
        if (browse.notLoaded.length > 0) {
            const names = browse.notLoaded.map(agent => agent.agentName).join(', ');
            rows.push({ type: 'separator', label: 'Agents' }, {
                id: LOAD_AGENT_HISTORIES, label: `$(history) Load the sessions of ${names}`,
                detail: 'Starts them to ask for their sessions in this folder'
            });
        }
        return rows;
    }

    protected item(row: ChatRow, actions: ChatPickActions): QuickPickItem {
        const icon = row.open ? row.agentIcon?.match(/codicon-([\w-]+)/)?.[1] ?? 'comment-discussion' : 'archive';
        const when = formatTimeAgo(row.date);
        const subtitle = row.agentName ? `@${row.agentName} · ${when}` : when;
        return {
            id: row.id, label: `$(${icon}) ${row.title}`,
            description: row.delegated ? `${subtitle} · ${nls.localize('theia/ai/chat-ui/delegatedSession', 'Delegated')}` : subtitle,
            detail: row.firstPrompt || (row.open ? undefined : nls.localize('theia/ai/chat-ui/persistedSession', 'Persisted session (click to restore)')),
            buttons: [actions.renameButton, actions.removeButton]
        };
    }
}
