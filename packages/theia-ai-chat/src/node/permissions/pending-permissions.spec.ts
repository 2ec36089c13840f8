import * as assert from 'assert';
import { PendingPermissions } from './pending-permissions';

const OPTIONS = [
    { optionId: 'proceed_always', name: 'Allow for this session', kind: 'allow_always' as const },
    { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' as const },
    { optionId: 'cancel', name: 'Reject', kind: 'reject_once' as const }
];

describe('PendingPermissions', () => {
    it('answers exactly the chosen offered optionId, once', async () => {
        const permissions = new PendingPermissions();
        const settled: string[] = [];
        const { permissionId, answer } = permissions.add('chat-1', OPTIONS, new AbortController().signal, id => settled.push(id));
        assert.equal(permissions.answer(permissionId, 'proceed_once'), true);
        assert.deepEqual(await answer, { outcome: { outcome: 'selected', optionId: 'proceed_once' } });
        assert.equal(permissions.answer(permissionId, 'proceed_once'), false, 'a second answer is refused');
        assert.deepEqual(settled, [permissionId]);
    });

    it('refuses an option that was not offered and keeps waiting', async () => {
        const permissions = new PendingPermissions();
        const { permissionId, answer } = permissions.add('chat-1', OPTIONS, new AbortController().signal, () => undefined);
        assert.equal(permissions.answer(permissionId, 'proceed_always_and_save'), false);
        assert.equal(permissions.size, 1);
        permissions.answer(permissionId, 'cancel');
        assert.deepEqual(await answer, { outcome: { outcome: 'selected', optionId: 'cancel' } });
    });

    it('a rejection\'s reason reaches the agent\'s response in _meta', async () => {
        const permissions = new PendingPermissions();
        const { permissionId, answer } = permissions.add('chat-1', OPTIONS, new AbortController().signal, () => undefined);
        assert.equal(permissions.answer(permissionId, 'cancel', 'the tests cover this already'), true);
        assert.deepEqual(await answer, {
            outcome: { outcome: 'selected', optionId: 'cancel' }, _meta: { 'aiCliCompanion/rejectReason': 'the tests cover this already' }
        });
    });

    it('Stop answers every question of that chat session "cancelled", and only those', async () => {
        const permissions = new PendingPermissions();
        const first = permissions.add('chat-1', OPTIONS, new AbortController().signal, () => undefined);
        const other = permissions.add('chat-2', OPTIONS, new AbortController().signal, () => undefined);
        permissions.cancelAll('chat-1');
        assert.deepEqual(await first.answer, { outcome: { outcome: 'cancelled' } });
        assert.equal(permissions.size, 1);
        assert.equal(permissions.answer(other.permissionId, 'proceed_once'), true);
    });

    it('a request the agent withdraws is answered "cancelled" and reported settled', async () => {
        const permissions = new PendingPermissions();
        const abort = new AbortController();
        const settled: string[] = [];
        const { permissionId, answer } = permissions.add('chat-1', OPTIONS, abort.signal, id => settled.push(id));
        abort.abort();
        assert.deepEqual(await answer, { outcome: { outcome: 'cancelled' } });
        assert.deepEqual(settled, [permissionId]);
    });

    it('a request whose signal was aborted before it came is answered "cancelled", not left waiting', async () => {
        const permissions = new PendingPermissions();
        const abort = new AbortController();
        abort.abort();
        const settled: string[] = [];
        const { permissionId, answer } = permissions.add('chat-1', OPTIONS, abort.signal, id => settled.push(id));
        const stillWaiting = new Promise(resolve => setTimeout(() => resolve('still waiting'), 1000));
        assert.deepEqual(await Promise.race([answer, stillWaiting]), { outcome: { outcome: 'cancelled' } });
        assert.deepEqual(settled, [permissionId]);
        assert.equal(permissions.size, 0);
    });
});
