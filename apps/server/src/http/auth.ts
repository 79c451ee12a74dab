import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, type SessionInfo } from '../modules/oauth/sessions.service.ts';
import { grantsFor } from '../modules/permission/grants.service.ts';
import { accessOf, checkAccess } from './access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session; set on every route that is not public. */
    session: SessionInfo;
  }
}

/** Authenticates every non-public route, then checks the route's declared access. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('session', null as unknown as SessionInfo);
  // onRequest runs before the body is read: an unauthenticated caller cannot make us parse 10 MB.
  app.addHook('onRequest', async (req) => {
    const access = accessOf(req);
    if (access.kind === 'public') return;
    req.session = await authenticate(ctx, req.headers.authorization);
    if (access.kind === 'user') return;
    checkAccess(access, await grantsFor(ctx, req.session.userId, req.session.isAdministrator));
  });
}
