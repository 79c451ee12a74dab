import { Codes } from '@medalliance/contract';

/**
 * An expected failure: an HTTP status, the envelope code and a message key
 * translated into the caller's language when the error is answered.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    /** Extra data for the client (e.g. whether a captcha is now required). */
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const badRequest = (key: string, params?: Record<string, string | number>, data?: unknown) =>
  new AppError(400, Codes.badRequest, key, params, data);
export const forbidden = (key = 'error.forbidden') => new AppError(403, Codes.forbidden, key);
export const notFound = (key = 'error.recordNotFound') => new AppError(404, Codes.notFound, key);
export const conflict = (key: string, params?: Record<string, string | number>) => new AppError(409, Codes.conflict, key, params);
export const tooMany = (key = 'error.tooMany', params?: Record<string, string | number>) => new AppError(429, Codes.tooMany, key, params);

export const sessionExpired = () => new AppError(401, Codes.sessionExpired, 'session.expired');
export const sessionOffline = (key = 'session.offline') => new AppError(401, Codes.sessionOffline, key);
export const sessionInvalid = () => new AppError(401, Codes.sessionInvalid, 'session.invalid');
