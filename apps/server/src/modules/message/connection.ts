import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { onConnectionFrame, socketFrame, SOCKET_MAX_FRAME_BYTES, type Language } from '@medalliance/contract';
import { AppError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { authenticate, endedSessions, tokenFrom } from '../oauth/sessions.service.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { AuthedConn, Conn, SocketHub } from './hub.ts';

/** A socket that has not authenticated within this time is closed. */
const AUTH_TIMEOUT_MS = 30_000;
/** At most this many frames per window; beyond it they are refused, beyond three times it the socket is closed. */
const RATE_WINDOW_MS = 10_000;
const RATE_MAX = 100;

/** The socket's language: `?lang=zh|zhtw|en` from the web client, else Accept-Language. */
export function socketLanguage(req: FastifyRequest): Language {
  const q = (req.query as { lang?: unknown } | undefined)?.lang;
  return requestLanguage({ headers: { 'accept-language': typeof q === 'string' && q ? q : req.headers['accept-language'] } });
}

const byteLength = (data: RawData): number =>
  Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length;

const textOf = (data: RawData): string =>
  Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as Buffer).toString('utf8');

/** Whether a frame's token (with or without "Bearer ") is the one the connection signed in with. */
function sameSession(sessionId: string, token: string): boolean {
  const raw = tokenFrom(token);
  return raw !== null && sha256(raw) === sessionId;
}

/**
 * Serves one socket: authenticates the token of its URL (or Authorization
 * header) at once, or the `token` of its first frames; then dispatches each
 * JSON frame by `method`, one at a time. Bad frames get `{method:"error"}`
 * and the socket stays open; a bad token gets `logout` and a close.
 */
export function attachSocket(hub: SocketHub, ws: WebSocket, req: FastifyRequest, urlToken: string | undefined): void {
  const ctx = hub.ctx;
  const conn: Conn = {
    id: randomUUID(),
    ws,
    lang: socketLanguage(req),
    session: null,
    registered: false,
    mobileDevice: false,
    alive: true,
  };
  hub.add(conn);
  ws.on('pong', () => {
    conn.alive = true;
  });
  ws.on('close', () => hub.remove(conn));
  ws.on('error', (err) => ctx.log.debug({ err: err.message }, 'socket error'));

  const open = () => ws.readyState === 1;

  /** Checks a token; a refused one gets `logout` with the 600/601/602 text and the socket closes. */
  const signIn = async (header: string | undefined): Promise<boolean> => {
    try {
      conn.session = await authenticate(ctx, header);
      return true;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      hub.logout(conn, err.key);
      return false;
    }
  };

  let queue: Promise<unknown> = Promise.resolve();
  const header = urlToken ?? req.headers.authorization;
  if (header) {
    queue = signIn(header);
  } else {
    const timer = setTimeout(() => {
      if (!conn.session && open()) hub.logout(conn, 'session.expired');
    }, AUTH_TIMEOUT_MS);
    timer.unref();
    ws.on('close', () => clearTimeout(timer));
  }

  const onFrame = async (data: RawData, isBinary: boolean): Promise<void> => {
    if (!open()) return;
    if (isBinary) return hub.error(conn, 'socket.binary');
    if (byteLength(data) > SOCKET_MAX_FRAME_BYTES) return hub.error(conn, 'socket.tooLarge', { limit: SOCKET_MAX_FRAME_BYTES / 1024 });
    let json: unknown;
    try {
      json = JSON.parse(textOf(data));
    } catch {
      return hub.error(conn, 'socket.badJson');
    }
    const parsed = socketFrame.safeParse(json);
    if (!parsed.success) return hub.error(conn, 'socket.badFrame');
    const frame = parsed.data as Record<string, unknown> & { method: string; token?: string };

    if (!conn.session) {
      // Token in the frames (JNPF clients put it in every frame).
      if (!frame.token) {
        if (frame.method === 'OnConnection') return hub.logout(conn, 'session.expired');
        return hub.error(conn, 'socket.notConnected');
      }
      if (!(await signIn(frame.token))) return;
    } else {
      // Every later frame is checked against the connection's session: a frame carrying another token is refused…
      if (frame.token !== undefined && !sameSession(conn.session.id, frame.token)) return hub.error(conn, 'socket.tokenMismatch');
      // …and a frame for a session that has ended (revoked anywhere, expired, account disabled) closes the socket.
      const ended = (await endedSessions(ctx, [conn.session.id])).get(conn.session.id);
      if (ended) return hub.endConn(conn, ended);
    }
    const authed = conn as AuthedConn;

    if (frame.method === 'OnConnection') {
      const on = onConnectionFrame.safeParse(frame);
      if (!on.success) return hub.error(conn, 'socket.badFrame');
      return hub.register(authed, on.data.mobileDevice);
    }
    const handler = hub.handlerOf(frame.method);
    if (!handler) return hub.error(conn, 'socket.unknownMethod', { method: frame.method });
    await handler(authed, frame, hub);
  };

  const rate = { start: Date.now(), n: 0 };
  ws.on('message', (data, isBinary) => {
    const now = Date.now();
    if (now - rate.start > RATE_WINDOW_MS) {
      rate.start = now;
      rate.n = 0;
    }
    rate.n++;
    if (rate.n > RATE_MAX * 3) return ws.close(1008, 'too many frames');
    if (rate.n > RATE_MAX) {
      if (rate.n === RATE_MAX + 1) hub.error(conn, 'socket.tooMany');
      return;
    }
    queue = queue
      .then(() => onFrame(data, isBinary))
      .catch((err: unknown) => {
        ctx.log.error({ err }, 'socket frame failed');
        if (open()) hub.error(conn, 'error.internal');
      });
  });
}
