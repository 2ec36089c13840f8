import * as http from 'http';
import { declaresTooLarge, readBody } from '@ai-cli-companion/node-base';
import { ApiError, badRequest } from './api-envelope';

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * A request's body as a JSON object, or an ApiError the client can act on: 415 for another media
 * type, 413 past `limit` bytes (declared or streamed), 400 for text that is not one JSON object.
 * An empty body is `{}`.
 */
export async function readJsonBody(request: http.IncomingMessage, limit = DEFAULT_MAX_BODY_BYTES): Promise<Record<string, unknown>> {
    const contentType = request.headers['content-type'];
    if (contentType !== undefined && !contentType.toLowerCase().startsWith('application/json')) {
        throw new ApiError(415, 'Unsupported media type', 'Content-Type must be application/json.');
    }
    const tooLarge = new ApiError(413, 'Payload too large', `The request body is larger than ${limit} bytes.`, { connection: 'close' });
    if (declaresTooLarge(request, limit)) {
        throw tooLarge;
    }
    const text = await readBody(request, limit);
    if (text === undefined) {
        throw tooLarge;
    }
    if (text.trim() === '') {
        return {};
    }
    let parsed: unknown;
    try {
        parsed = JSON.parse(text);
    } catch (error) {
        throw badRequest(`The body is not valid JSON: ${(error as Error).message}`, 'Invalid JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw badRequest('The body must be a JSON object.', 'Invalid JSON');
    }
    return parsed as Record<string, unknown>;
}
