import { injectable, interfaces } from '@theia/core/shared/inversify';
import { ChangeSetElementArgs, ChangeSetFileElement } from '@theia/ai-chat/lib/browser/change-set-file-element';

/**
 * A file the agent wrote, as a change-set entry. Revert restores the content from before the agent's
 * first write in this chat: a file it created is deleted, and an empty file comes back empty (Theia's
 * own element skips an empty original, so the agent's text would stay).
 */
@injectable()
export class AcpChangeSetFileElement extends ChangeSetFileElement {
    override async revert(): Promise<void> {
        await this.ensureInitialized();
        if (!await this.confirm('Revert')) {
            return;
        }
        this.state = 'pending';
        if (this.type === 'add') {
            await this.changeSetFileService.delete(this.uri);
        } else {
            await this.changeSetFileService.write(this.uri, await this.getOriginalContent() ?? '');
        }
    }
}

export const AcpChangeSetFileElementFactory = Symbol('AcpChangeSetFileElementFactory');
export type AcpChangeSetFileElementFactory = (args: ChangeSetElementArgs) => AcpChangeSetFileElement;

/** As Theia binds its `ChangeSetFileElementFactory`: one child container per element. */
export function bindAcpChangeSetFileElementFactory(bind: interfaces.Bind): void {
    bind(AcpChangeSetFileElementFactory).toFactory(ctx => (args: ChangeSetElementArgs) => {
        const container = ctx.container.createChild();
        container.bind(ChangeSetElementArgs).toConstantValue(args);
        container.bind(AcpChangeSetFileElement).toSelf().inSingletonScope();
        return container.get(AcpChangeSetFileElement);
    });
}
