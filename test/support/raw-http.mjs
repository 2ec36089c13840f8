import http from 'node:http';

/** One HTTP request with full control over Host, Origin and the body (fetch forbids setting Host). */
export function rawRequest({ port, method = 'POST', headers = {}, body, path = '/mcp' }) {
    return new Promise((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, response => {
            const chunks = [];
            response.on('data', chunk => chunks.push(chunk));
            response.on('end', () => {
                const text = Buffer.concat(chunks).toString('utf8');
                let json;
                try { json = JSON.parse(text); } catch { json = undefined; }
                resolve({ status: response.statusCode, headers: response.headers, text, json });
            });
        });
        // A server that refuses early may close while we are still sending a huge body.
        request.on('error', error => error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve({ status: 'reset', error }) : reject(error));
        if (body !== undefined) {
            request.write(body);
        }
        request.end();
    });
}

export const INITIALIZE = JSON.stringify({
    jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-test', version: '0' } }
});
