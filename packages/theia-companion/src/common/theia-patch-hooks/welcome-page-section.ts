import type * as React from '@theia/core/shared/react';
import type { Event } from '@theia/core/lib/common/event';

/**
 * Contributed to the welcome page's patch (theia-patches/getting-started-widget.tsx, a contribution point Theia's page
 * lacks): a section rendered after Theia's Start section. The patch imports no feature: features bind this symbol.
 */
export const WelcomePageSection = Symbol('WelcomePageSection');
export interface WelcomePageSection {
    /** A welcome page was made: what the section shows is asked again. */
    refresh(): void;
    /** The section has something new to show. */
    readonly onDidChange: Event<void>;
    render(): React.ReactNode;
}
