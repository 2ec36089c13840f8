import { Channel } from '@theia/core/lib/common/message-rpc/channel';
import { RpcProtocol } from '@theia/core/lib/common/message-rpc/rpc-protocol';
import { RpcProxyFactory } from '@theia/core/lib/common/messaging/proxy-factory';

/** Proxy members that are not remote calls (see RpcProxyFactory.get). */
export const LOCAL_MEMBERS = new Set<PropertyKey>(['setClient', 'getClient', 'onDidOpenConnection', 'onDidCloseConnection', 'then', 'toJSON']);

/**
 * Theia's RPC proxy writes each call one microtask late (it waits on its connection promise even once
 * that is resolved). Called from Theia's chat send handler, that microtask runs only after the
 * handler has cleared and re-laid out the input, 10–30 ms later. This proxy writes a call at once
 * while the connection is open, and otherwise behaves as Theia's.
 */
export class ImmediateRpcProxyFactory<T extends object> extends RpcProxyFactory<T> {
    protected open: RpcProtocol | undefined;

    override listen(channel: Channel): void {
        const protocol = this.rpcProtocolFactory(channel, (method, args) => this.onRequest(method, ...args));
        protocol.onNotification(event => this.onNotification(event.method, ...event.args));
        this.open = protocol;
        channel.onClose(() => {
            if (this.open === protocol) {
                this.open = undefined;
            }
        });
        this.rpcDeferred.resolve(protocol);
    }

    override get(target: T, p: PropertyKey, receiver: unknown): unknown {
        const deferred = super.get(target, p, receiver);
        if (LOCAL_MEMBERS.has(p) || typeof deferred !== 'function') {
            return deferred;
        }
        const notification = this.isNotification(p);
        return (...args: unknown[]) => {
            const protocol = this.open;
            if (!protocol) {
                return deferred(...args);
            }
            const method = p.toString();
            if (notification) {
                protocol.sendNotification(method, args);
                return Promise.resolve(undefined);
            }
            const capturedError = new Error(`Request '${method}' failed`);
            return protocol.sendRequest(method, args).catch(error => {
                throw this.deserializeError(capturedError, error);
            });
        };
    }
}
