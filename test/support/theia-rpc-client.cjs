// A Node-side client of a Theia backend's JSON-RPC services, built like Theia's own test harness
// (core/src/node/messaging/test/test-web-socket-channel.ts): the frontend messaging module over a
// socket.io connection, with a cookie (the Electron backend only admits its security token).
require('reflect-metadata');
const { Container, inject, injectable, decorate } = require('inversify');
const { io } = require('socket.io-client');
const { servicesPath } = require('@theia/core/lib/common');
const { WebSocketConnectionSource } = require('@theia/core/lib/browser/messaging/ws-connection-source');
const { RemoteConnectionProvider } = require('@theia/core/lib/browser/messaging/service-connection-provider');
const { messagingFrontendModule } = require('@theia/core/lib/browser/messaging/messaging-frontend-module');

function connectToTheiaBackend(port, { cookie } = {}) {
    class NodeConnectionSource extends WebSocketConnectionSource {
        createWebSocketUrl() {
            return `ws://127.0.0.1:${port}${servicesPath}`;
        }
        createWebSocket(url) {
            return io(url, { transports: ['websocket'], extraHeaders: cookie ? { cookie } : {} });
        }
    }
    decorate(injectable(), NodeConnectionSource);
    const container = new Container();
    container.load(messagingFrontendModule);
    container.rebind(WebSocketConnectionSource).to(NodeConnectionSource).inSingletonScope();
    const provider = container.get(RemoteConnectionProvider);
    return {
        proxy: path => provider.createProxy(path),
        close: () => container.get(WebSocketConnectionSource).socket?.close?.()
    };
}

module.exports = { connectToTheiaBackend, inject };
