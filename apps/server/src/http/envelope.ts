import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes, type Envelope } from '@medalliance/contract';
import { AppError } from './errors.ts';
import { requestLanguage, translate } from './i18n.ts';

/** A success envelope; handlers return `ok(data)` and the default message is filled in the caller's language. */
export function ok<T>(data: T = null as T, msg = ''): Envelope<T> {
  return { code: Codes.ok, msg, data };
}

/**
 * Sends ok(data) whose `data` is already JSON (parts joined in order), byte
 * for byte what returning ok(data) would answer: for large answers whose bulk
 * is serialized once and kept (CurrentUser's menus), which would otherwise be
 * stringified and UTF-8 encoded again on every call.
 */
export function sendOkJson(req: FastifyRequest, reply: FastifyReply, data: (string | Buffer)[]): FastifyReply {
  const head = `{"code":${Codes.ok},"msg":${JSON.stringify(translate(requestLanguage(req), 'success'))},"data":`;
  const parts = [head, ...data, '}'].map((p) => (typeof p === 'string' ? Buffer.from(p) : p));
  return reply.type('application/json; charset=utf-8').send(Buffer.concat(parts));
}

function send(req: FastifyRequest, reply: FastifyReply, status: number, code: number, key: string, params = {}, data: unknown = null) {
  const lang = requestLanguage(req);
  const translated = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('rules.') ? translate(lang, v) : v]),
  ) as Record<string, string | number>;
  return reply.status(status).send({ code, msg: translate(lang, key, translated), data });
}

/**
 * Maps every failure to the envelope with a mirroring HTTP status: our own
 * AppErrors, Fastify's parser and limit errors, and anything unexpected (500,
 * logged, never leaking internals).
 */
export function registerEnvelope(app: FastifyInstance): void {
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    const env = payload as Envelope | null;
    if (env && typeof env === 'object' && env.code === Codes.ok && env.msg === '') {
      env.msg = translate(requestLanguage(req), 'success');
    }
    return payload;
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) return send(req, reply, err.status, err.code, err.key, err.params, err.data);
    const fe = err as FastifyError;
    switch (fe.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(req, reply, 415, Codes.badRequest, 'error.badContentType', { type: String(req.headers['content-type'] ?? '') });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return send(req, reply, 413, Codes.tooLarge, 'error.tooLarge');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(req, reply, 400, Codes.badRequest, 'error.badJson');
      case '22021': // PostgreSQL: invalid byte sequence (a NUL character), which SQLite stores as given
      case '22P05': // PostgreSQL: untranslatable character
        return send(req, reply, 400, Codes.badRequest, 'error.badCharacters');
      case 'ERR_STREAM_PREMATURE_CLOSE':
        // A multipart body that ends before its closing boundary: the client's fault, not ours (key in framework-errors.ts).
        if (/^multipart\//i.test(String(req.headers['content-type'] ?? '')))
          return send(req, reply, 400, Codes.badRequest, 'error.incompleteUpload');
    }
    if (fe instanceof SyntaxError || (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)) {
      return send(req, reply, fe.statusCode ?? 400, fe.statusCode === 404 ? Codes.notFound : Codes.badRequest, 'error.validation', {
        field: '',
        detail: fe.message,
      });
    }
    req.log.error({ err }, 'unhandled error');
    return send(req, reply, 500, Codes.error, 'error.internal');
  });
}
