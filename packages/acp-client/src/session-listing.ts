import type * as acp from '@agentclientprotocol/sdk';

/** One page of the agent's own sessions (`supported: false`: the agent offers no `session/list`, none was asked). */
export interface ListedSessions {
    readonly supported: boolean;
    readonly sessions: acp.SessionInfo[];
    readonly nextCursor?: string;
}

const MAX_LIST_PAGES = 50;

/** Every page of a `session/list`, following `nextCursor` (a repeated cursor or `maxPages` ends it). */
export async function listAllPages(listPage: (cursor?: string) => Promise<ListedSessions>, maxPages = MAX_LIST_PAGES): Promise<ListedSessions> {
    const sessions: acp.SessionInfo[] = [];
    const cursors = new Set<string>();
    let page = await listPage();
    sessions.push(...page.sessions);
    while (page.nextCursor && !cursors.has(page.nextCursor) && cursors.size < maxPages - 1) {
        cursors.add(page.nextCursor);
        page = await listPage(page.nextCursor);
        sessions.push(...page.sessions);
    }
    return { supported: page.supported, sessions };
}
