import * as React from '@theia/core/shared/react';
import { inject, injectable, named, postConstruct } from '@theia/core/shared/inversify';
import { ContributionProvider } from '@theia/core/lib/common/contribution-provider';
import { GettingStartedWidget } from '@theia/getting-started/lib/browser/getting-started-widget';
import { WelcomePageSection } from '../../common/theia-patch-hooks/welcome-page-section';

/**
 * Theia's welcome page with the contributed sections (WelcomePageSection: the companion's "AI coding agents",
 * issue 33 part 7) after its Start section. Theia's page has no contribution point for sections: `renderStart` is the
 * one member overridden (pinned in theia-internals.spec.ts, see UPSTREAM.md).
 */
@injectable()
export class AgentsGettingStartedWidget extends GettingStartedWidget {
    @inject(ContributionProvider) @named(WelcomePageSection) protected readonly sections: ContributionProvider<WelcomePageSection>;

    @postConstruct()
    protected override init(): void {
        super.init();
        for (const section of this.sections.getContributions()) {
            this.toDispose.push(section.onDidChange(() => this.update()));
            section.refresh();
        }
    }

    protected override renderStart(): React.ReactNode {
        return <>
            {super.renderStart()}
            {this.sections.getContributions().map((section, index) => <React.Fragment key={index}>{section.render()}</React.Fragment>)}
        </>;
    }
}
