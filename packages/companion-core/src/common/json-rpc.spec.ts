import * as assert from 'assert';
import { JsonRpcErrorCode, classifyMessage, parseMessages } from './json-rpc';

describe('JSON-RPC envelope checks', () => {
    it('classifies requests, notifications and responses', () => {
        assert.strictEqual(classifyMessage({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), 'request');
        assert.strictEqual(classifyMessage({ jsonrpc: '2.0', id: 'a', method: 'x', params: {} }), 'request');
        assert.strictEqual(classifyMessage({ jsonrpc: '2.0', method: 'notifications/initialized' }), 'notification');
        assert.strictEqual(classifyMessage({ jsonrpc: '2.0', id: 3, result: {} }), 'response');
        assert.strictEqual(classifyMessage({ jsonrpc: '2.0', id: 3, error: { code: 1, message: 'x' } }), 'response');
    });

    it('rejects what is not JSON-RPC 2.0', () => {
        for (const value of [null, 7, 'x', [], { id: 1, method: 'x' }, { jsonrpc: '1.0', id: 1, method: 'x' },
            { jsonrpc: '2.0', id: 1.5, method: 'x' }, { jsonrpc: '2.0', id: null, method: 'x' },
            { jsonrpc: '2.0', id: 1, method: 'x', params: 'p' }, { jsonrpc: '2.0', id: 1, result: 1, error: {} }, { jsonrpc: '2.0' }]) {
            assert.strictEqual(classifyMessage(value), undefined, JSON.stringify(value));
        }
    });

    it('reports parse errors and invalid batches with their codes', () => {
        assert.strictEqual((parseMessages('{oops') as { code: number }).code, JsonRpcErrorCode.parseError);
        assert.strictEqual((parseMessages('[]') as { code: number }).code, JsonRpcErrorCode.invalidRequest);
        assert.strictEqual((parseMessages('[{"jsonrpc":"2.0","method":"a"}, 5]') as { code: number }).code, JsonRpcErrorCode.invalidRequest);
        const batch = parseMessages('[{"jsonrpc":"2.0","method":"a"},{"jsonrpc":"2.0","id":1,"method":"b"}]');
        assert.deepStrictEqual('kinds' in batch && batch.kinds, ['notification', 'request']);
    });
});
