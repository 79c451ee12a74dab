import type { FastifyInstance } from 'fastify';
import { inboxQuery, messageIdsBody, pageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { body, params, query, withAccess } from '../system/route-helpers.ts';
import { deleteRecords, listInbox, readAll, readInfo, unreadCounts } from './inbox.service.ts';

/**
 * My inbox (server-contract §5, spec §7.2): every signed-in user reads and
 * clears their own notices and system messages; nothing here reaches another
 * user's rows.
 */
export async function inboxRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const me = withAccess(userAccess);

  app.get('/message', me, async (req) => {
    const page = query(pageQuery, req);
    const { type } = query(inboxQuery, req);
    return ok(await listInbox(ctx, req.session.userId, { ...page, type }));
  });

  app.get('/message/UnreadCount', me, async (req) => ok(await unreadCounts(ctx.db, req.session.userId)));

  app.get('/message/ReadInfo/:id', me, async (req) => ok(await readInfo(ctx, req.session.userId, params(req).id)));

  app.post('/message/Actions/ReadAll', me, async (req) => {
    const { type } = query(inboxQuery, req);
    return ok({ count: await readAll(ctx, req.session.userId, type) });
  });

  app.delete('/message/Record', me, async (req) => {
    const { ids } = body(messageIdsBody, req);
    return ok({ count: await deleteRecords(ctx, req.session.userId, ids) });
  });
}
