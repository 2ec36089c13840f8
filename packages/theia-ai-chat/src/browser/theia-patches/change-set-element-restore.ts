import { inject, injectable, interfaces } from '@theia/core/shared/inversify';
import URI from '@theia/core/lib/common/uri';
import { ChangeSetElement } from '@theia/ai-chat/lib/common/change-set';
import { ChangeSetDeserializationContext, ChangeSetElementDeserializerContribution, ChangeSetElementDeserializerRegistry } from '@theia/ai-chat/lib/common/change-set-element-deserializer';
import { SerializableChangeSetElement, SerializableChangeSetFileElementData } from '@theia/ai-chat/lib/common/chat-model-serialization';
import { ChangeSetFileElementFactory } from '../../common/theia-patch-hooks/change-set-file-element-factory';
import { ACP_CHANGE_SET_FILE_KIND } from './change-set-element';

/**
 * A stored chat's change-set entries of ACP agents come back as ours, as Theia restores its own `file` entries
 * (its ChangeSetFileElementDeserializerContribution): with the text before the agent's first write and after its
 * last, and the file's review, so the chat's changes can be reviewed, kept and undone after a reload or a restart.
 */
@injectable()
export class AcpChangeSetElementRestore implements ChangeSetElementDeserializerContribution {
    @inject(ChangeSetFileElementFactory) protected readonly elements: ChangeSetFileElementFactory;

    registerDeserializers(registry: ChangeSetElementDeserializerRegistry): void {
        registry.register({
            kind: ACP_CHANGE_SET_FILE_KIND,
            deserialize: async (serialized: SerializableChangeSetElement, context: ChangeSetDeserializationContext): Promise<ChangeSetElement> => {
                const data = serialized.data as SerializableChangeSetFileElementData | undefined;
                const element = this.elements({
                    uri: new URI(serialized.uri), chatSessionId: context.chatSessionId, requestId: context.requestId,
                    name: serialized.name, icon: serialized.icon, state: serialized.state, type: serialized.type, data: serialized.data,
                    targetState: data?.targetState, originalState: data?.originalState ?? ''
                });
                await (element as { ensureInitialized?(): Promise<void> }).ensureInitialized?.();
                return element;
            }
        });
    }
}

export function bindAcpChangeSetElementRestore(bind: interfaces.Bind): void {
    bind(AcpChangeSetElementRestore).toSelf().inSingletonScope();
    bind(ChangeSetElementDeserializerContribution).toService(AcpChangeSetElementRestore);
}
