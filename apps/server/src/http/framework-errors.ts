import http from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes, type Envelope } from '@medalliance/contract';
import { defineMessages, requestLanguage, translate } from './i18n.ts';
import { headersFor, type SecurityHeaderSets } from './security-headers.ts';

defineMessages({
  zh: {
    'error.urlTooLong': '请求地址中的参数过长',
    'error.badUrl': '请求地址无效',
    'error.headersTooLarge': '请求地址或请求头过大',
    'error.requestTimeout': '请求超时',
    'error.badHttp': '无法识别的请求',
    'error.unavailable': '服务器正在重启或停止，请稍后重试',
    'error.incompleteUpload': '上传的内容不完整',
    'error.badCharacters': '输入中含有无法保存的字符（如空字符）',
  },
  zhtw: {
    'error.urlTooLong': '請求地址中的參數過長',
    'error.badUrl': '請求地址無效',
    'error.headersTooLarge': '請求地址或請求頭過大',
    'error.requestTimeout': '請求逾時',
    'error.badHttp': '無法識別的請求',
    'error.unavailable': '伺服器正在重新啟動或停止，請稍後重試',
    'error.incompleteUpload': '上傳的內容不完整',
    'error.badCharacters': '輸入中含有無法保存的字元（如空字元）',
  },
  en: {
    'error.urlTooLong': 'A parameter in the request address is too long',
    'error.badUrl': 'The request address is not valid',
    'error.headersTooLarge': 'The request address or headers are too large',
    'error.requestTimeout': 'The request timed out',
    'error.badHttp': 'The request could not be understood',
    'error.unavailable': 'The server is restarting or stopping, please retry shortly',
    'error.incompleteUpload': 'The upload ended before it was complete',
    'error.badCharacters': 'The input holds characters that cannot be stored (such as NUL)',
  },
});

const envelope = (code: number, msg: string): Envelope<null> => ({ code, msg, data: null });

/**
 * Fastify's refusals before a route matched (Fastify's `frameworkErrors`): a
 * path parameter over maxParamLength (414) or one that does not URL-decode
 * (400). Without this Fastify answers them in its own `{ error, code, message }`
 * shape, and without our security headers (no onRequest hook ran).
 */
export function frameworkErrorHandler(sets: SecurityHeaderSets) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const [status, key] =
      err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, 'error.urlTooLong']
        : err.code === 'FST_ERR_BAD_URL'
          ? [400, 'error.badUrl']
          : [err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400, 'error.badHttp'];
    void reply
      .headers(headersFor(sets, req))
      .status(status)
      .send(envelope(Codes.badRequest, translate(requestLanguage(req), key)));
  };
}

/** The caller's language from what arrived of a request Node could not parse (its headers may be cut off). */
function rawLanguage(err: ConnectionError) {
  const raw = Array.isArray(err.rawPacket?.data) ? Buffer.from(err.rawPacket.data) : Buffer.isBuffer(err.rawPacket) ? err.rawPacket : null;
  const match = raw ? /\r\naccept-language:[ \t]*([^\r\n]{0,64})/i.exec(raw.toString('latin1')) : null;
  return requestLanguage({ headers: { 'accept-language': match?.[1] ?? '' } });
}

/**
 * Requests Node's HTTP parser refused before Fastify saw them (Fastify's
 * `clientErrorHandler`): headers or request line over Node's 16 KB (431), a
 * request that took too long to arrive (408), malformed HTTP (400). Written
 * straight to the socket as Node and Fastify do, but as our envelope.
 */
export function clientErrorHandler(sets: SecurityHeaderSets) {
  return function (this: FastifyInstance, err: ConnectionError, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, key] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'error.headersTooLarge']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'error.requestTimeout']
          : [400, 'error.badHttp'];
    this.log.trace({ err }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify(envelope(Codes.badRequest, translate(rawLanguage(err), key)));
      const headers = {
        ...((socket as TLSSocket).encrypted ? sets.tls : sets.plain),
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
    }
    socket.destroy(err);
  };
}

/**
 * While the server closes, requests still arriving on open keep-alive
 * connections get a 503 envelope (and `Connection: close`) instead of
 * Fastify's own 503 body: set `return503OnClosing: false` beside this.
 */
export function registerClosingRefusal(app: FastifyInstance, sets: SecurityHeaderSets): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!closing) return done();
    void reply
      .headers(headersFor(sets, req))
      .header('connection', 'close')
      .status(503)
      .send(envelope(Codes.error, translate(requestLanguage(req), 'error.unavailable')));
  });
}
