import type { ChangeSetElement } from '@theia/ai-chat/lib/common/change-set';
import type { ChangeSetElementArgs } from '@theia/ai-chat/lib/browser/change-set-file-element';

/**
 * Made by the change-set element's patch (theia-patches/change-set-element.ts), used by the features that record an
 * agent's writes: one change-set entry per file the agent wrote.
 */
export const ChangeSetFileElementFactory = Symbol('ChangeSetFileElementFactory');
export type ChangeSetFileElementFactory = (args: ChangeSetElementArgs) => ChangeSetElement;
