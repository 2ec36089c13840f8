// Preloaded (NODE_OPTIONS=--import) into test/support/ide-client-child.mjs by bench/chromium-latency.mjs:
// stamps every IPC message the child sends with `t`, the child's clock at the send. The child sends
// a notification event synchronously from the MCP transport's onmessage, so `t` is the arrival of
// the notification at the real IdeClient, not its arrival in the parent (which adds an IPC hop).
// performance.timeOrigin + performance.now() is wall-clock based in every Node and Chromium process,
// so it can be compared across processes (process.hrtime alone could not be).
const send = process.send;
if (typeof send === 'function') {
    process.send = function (message, ...rest) {
        const stamped = message && typeof message === 'object' ? { ...message, t: performance.timeOrigin + performance.now() } : message;
        return send.call(this, stamped, ...rest);
    };
}
