import { interfaces } from '@theia/core/shared/inversify';
import { PreferenceContribution, PreferenceSchema } from '@theia/core/lib/common/preferences/preference-schema';

/** Whether a rejection's reason goes to the agent as the chat's next message by itself, or waits in the input. */
export const REJECT_REASON_SEND_PREFERENCE = 'aiCliChat.rejectReason.sendAutomatically';

export const rejectReasonPreferenceSchema: PreferenceSchema = {
    properties: {
        [REJECT_REASON_SEND_PREFERENCE]: {
            type: 'boolean', default: true,
            description: 'When you reject an agent\'s permission question with a reason (Shift+click or "…" on Reject), the chat ' +
                'sends "I rejected <tool> on <file>: <reason>" as its next message once the agent\'s turn ends. Off: the message ' +
                'is put into the chat input for you to edit and send.'
        }
    }
};

export function bindRejectReasonPreference(bind: interfaces.Bind): void {
    bind(PreferenceContribution).toConstantValue({ schema: rejectReasonPreferenceSchema });
}
