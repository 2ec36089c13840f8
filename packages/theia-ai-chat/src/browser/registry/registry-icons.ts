import { injectable } from '@theia/core/shared/inversify';
import type { RegistryAgentItem } from '../../common/registry/registry-protocol';

/**
 * The registry agents' icons in the quick pick: each SVG (checked by the backend, checkSvgIcon) becomes a
 * CSS mask painted in the text colour, as the registry's `currentColor` icons mean. As a data: URL in a
 * stylesheet it is only an image: it never enters the DOM, so nothing in it can run.
 */
@injectable()
export class RegistryIcons {
    protected style: HTMLStyleElement | undefined;
    protected readonly classes = new Map<string, string>();

    show(agents: readonly RegistryAgentItem[]): void {
        const rules: string[] = [];
        for (const agent of agents) {
            if (!agent.iconSvg) {
                continue;
            }
            if (this.classes.has(agent.iconSvg)) {
                continue;
            }
            const className = `theia-acp-registry-icon-${this.classes.size}`;
            this.classes.set(agent.iconSvg, className);
            const url = `data:image/svg+xml;base64,${base64(agent.iconSvg)}`;
            rules.push(`.${className}::before { content: ''; display: inline-block; width: 16px; height: 16px; margin-right: 6px; ` +
                `vertical-align: text-bottom; background-color: currentColor; -webkit-mask: url("${url}") center / 16px 16px no-repeat; ` +
                `mask: url("${url}") center / 16px 16px no-repeat; }`);
        }
        if (rules.length) {
            this.style ??= document.head.appendChild(document.createElement('style'));
            this.style.textContent += rules.join('\n') + '\n';
        }
    }

    classesFor(agent: RegistryAgentItem): string[] {
        const className = agent.iconSvg ? this.classes.get(agent.iconSvg) : undefined;
        return className ? ['theia-acp-registry-icon', className] : [];
    }
}

function base64(text: string): string {
    let binary = '';
    for (const byte of new TextEncoder().encode(text)) {
        binary += String.fromCharCode(byte);
    }
    return btoa(binary);
}
