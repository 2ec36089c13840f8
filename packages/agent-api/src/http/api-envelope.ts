import type { BaseResponse } from './api-types';

/** A failure with its HTTP status and the spec's error shape; routes throw it, the server answers it. */
export class ApiError extends Error {
    constructor(readonly status: number, readonly error: string, message: string, readonly headers?: Record<string, string>) {
        super(message);
    }
}

export function success<T extends object>(message: string, fields?: T): BaseResponse & T {
    return { success: true, message, ...fields, timestamp: new Date().toISOString() } as BaseResponse & T;
}

export function failure(error: string, message: string): BaseResponse {
    return { success: false, error, message, timestamp: new Date().toISOString() };
}

export const badRequest = (message: string, error = 'Bad request') => new ApiError(400, error, message);
export const forbidden = (message: string, error = 'Forbidden') => new ApiError(403, error, message);
export const notFound = (message: string, error = 'Not found') => new ApiError(404, error, message);
export const conflict = (message: string, error = 'Conflict') => new ApiError(409, error, message);
