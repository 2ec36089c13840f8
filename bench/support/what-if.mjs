// Diagnostic, not part of run-all: emulates proposed changes to companion-core at runtime (monkey
// patches, some on SDK internals) so their effect can be measured before anyone edits the sources.
//
//   BENCH_WHAT_IF=guards,auth NODE_OPTIONS=--import=./bench/support/what-if.mjs node bench/tools-call-roundtrip.mjs
//
//   guards      dispatch POSTed messages by the kind json-rpc.ts already computed, skipping the SDK's
//               four zod type guards in Protocol.connect's onmessage wrapper
//   auth        RequestGuard: one-shot crypto.hash() instead of createHash() per request
//   direct      answer tools/call (closeDiff, openDiff) and ping without the SDK's Protocol/McpServer:
//               an upper bound of handling the two tools in our own dispatcher (arguments checked
//               with the same zod shapes; the diff handler is not called, fixed replies)
//   shared-ajv  one AjvJsonSchemaValidator for all sessions instead of a new Ajv per McpServer
import { createRequire } from 'node:module';
import * as crypto from 'node:crypto';
import * as path from 'node:path';
import { REPO_DIR } from './common.mjs';

const coreRequire = createRequire(path.join(REPO_DIR, 'packages/companion-core/package.json'));
const enabled = new Set((process.env.BENCH_WHAT_IF ?? '').split(',').filter(Boolean));

if (enabled.has('guards')) {
    const { Protocol } = coreRequire('@modelcontextprotocol/sdk/shared/protocol.js');
    const connect = Protocol.prototype.connect;
    Protocol.prototype.connect = async function (transport) {
        await connect.call(this, transport);
        const sdkOnMessage = transport.onmessage;
        transport.onmessage = (message, extra) => {
            if ('method' in message) {
                return message.id !== undefined ? this._onrequest(message, extra) : this._onnotification(message);
            }
            return sdkOnMessage(message, extra);
        };
    };
}

if (enabled.has('auth')) {
    const { RequestGuard } = coreRequire('./lib/request-guard.js');
    const check = RequestGuard.prototype.check;
    RequestGuard.prototype.check = function (headers) {
        const authorization = headers.authorization;
        if (headers.origin === undefined && authorization?.startsWith('Bearer ') && this.allowedHosts.has(headers.host?.toLowerCase())) {
            const candidate = crypto.hash('sha256', authorization.slice(7), 'buffer');
            let owner;
            for (const entry of this.tokenDigests) {
                if (crypto.timingSafeEqual(entry.digest, candidate) && owner === undefined) {
                    owner = entry.owner;
                }
            }
            if (owner !== undefined) {
                return { owner };
            }
        }
        return check.call(this, headers);
    };
}

if (enabled.has('direct')) {
    const { SessionTransport, writeJson } = coreRequire('./lib/session-transport.js');
    const { z } = coreRequire('zod');
    const { CloseDiffArgumentsShape, OpenDiffArgumentsShape } = coreRequire('./lib/wire-schemas.js');
    const toolArguments = { closeDiff: z.object(CloseDiffArgumentsShape), openDiff: z.object(OpenDiffArgumentsShape) };
    const toolResults = { closeDiff: { content: [{ type: 'text', text: JSON.stringify({ content: 'text' }) }] }, openDiff: { content: [] } };
    const handlePost = SessionTransport.prototype.handlePost;
    SessionTransport.prototype.handlePost = function (messages, kinds, batch, response) {
        const message = messages[0];
        const direct = !batch && kinds[0] === 'request' &&
            (message.method === 'ping' || (message.method === 'tools/call' && message.params?.name in toolArguments));
        if (!direct) {
            return handlePost.call(this, messages, kinds, batch, response);
        }
        let result = {};
        if (message.method === 'tools/call') {
            const parsed = toolArguments[message.params.name].safeParse(message.params.arguments);
            result = parsed.success
                ? toolResults[message.params.name]
                : { isError: true, content: [{ type: 'text', text: parsed.error.message }] };
        }
        writeJson(response, 200, { result, jsonrpc: '2.0', id: message.id }, this.sessionId);
    };
}

if (enabled.has('shared-ajv')) {
    const provider = coreRequire('@modelcontextprotocol/sdk/validation/ajv-provider.js');
    const Original = provider.AjvJsonSchemaValidator;
    const shared = new Original();
    // server/index.js looks the constructor up on the module object at `new` time.
    provider.AjvJsonSchemaValidator = function SharedAjvJsonSchemaValidator(ajv) {
        return ajv ? new Original(ajv) : shared;
    };
}

if (enabled.size > 0 && !process.env.BENCH_WHAT_IF_QUIET) {
    process.env.BENCH_WHAT_IF_QUIET = '1'; // children inherit NODE_OPTIONS; say it once
    console.error(`[what-if] emulating: ${[...enabled].join(', ')}`);
}
