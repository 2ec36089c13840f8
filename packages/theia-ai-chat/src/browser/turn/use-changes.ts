import * as React from '@theia/core/shared/react';

/** Something a view shows that tells when it changed (a tool call, a plan, a turn's limit line, a terminal's output). */
export interface Changing {
    onDidChange(listener: () => void): { dispose(): void };
}

/** Renders the calling component again whenever `content` changes, for as long as it shows that content. */
export function useChanges(content: Changing): void {
    const [, setVersion] = React.useState(0);
    React.useEffect(() => {
        const listener = content.onDidChange(() => setVersion(version => version + 1));
        return () => listener.dispose();
    }, [content]);
}
