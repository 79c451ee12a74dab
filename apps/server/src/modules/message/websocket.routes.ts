import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context.ts';
import { publicAccess } from '../../http/access.ts';
import { badRequest } from '../../http/errors.ts';
import { authenticate } from '../oauth/sessions.service.ts';
import { attachSocket } from './connection.ts';
import type { SocketHub } from './hub.ts';

/**
 * The real-time socket (server-contract §5): `/api/message/websocket/<urlencoded
 * token>` (with or without "Bearer "), or `/api/message/websocket` with the token
 * in the frames. Public to the router only because a browser cannot send the
 * Authorization header on a socket: the socket authenticates its token itself,
 * and refuses a bad one with `logout` and a close. A plain HTTP GET is
 * authenticated the same way and told to upgrade.
 */
export const SOCKET_PATHS = ['/api/message/websocket', '/api/message/websocket/:token'] as const;

/** The token in the path stays out of the logs: http/log-redact.ts hides it in every log line and the request log. */
const socketRoute = { config: { access: publicAccess } } as const;

export async function websocketRoutes(app: FastifyInstance, ctx: AppContext, hub: SocketHub): Promise<void> {
  const tokenParam = (req: FastifyRequest) => (req.params as { token?: string }).token;
  const plainHttp = async (req: FastifyRequest) => {
    await authenticate(ctx, tokenParam(req) ?? req.headers.authorization);
    throw badRequest('socket.upgradeRequired');
  };
  const wsHandler = (socket: WebSocket, req: FastifyRequest) => attachSocket(hub, socket, req, tokenParam(req));

  app.route({ method: 'GET', url: '/message/websocket', ...socketRoute, handler: plainHttp, wsHandler });
  app.route({ method: 'GET', url: '/message/websocket/:token', ...socketRoute, handler: plainHttp, wsHandler });
}
