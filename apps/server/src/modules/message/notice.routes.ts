import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noticeBody, noticeListQuery, noticeReceiptQuery, pageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { body, params, query, withAccess } from '../system/route-helpers.ts';
import './notice.messages.ts';
import {
  createNotice,
  deleteNotice,
  getNotice,
  listNotices,
  noticeFilesFor,
  noticeReceipts,
  releaseNotice,
  updateNotice,
  withdrawNotice,
  type Actor,
} from './notice.service.ts';

/** The seeded menu of notice administration (system management → notices). */
export const NOTICE_MODULE = 'notice';

const actor = (req: FastifyRequest): Actor => ({ userId: req.session.userId, isAdministrator: req.session.isAdministrator });

/**
 * Notice administration (spec §7.2; server-contract §5): the list, one
 * notice, create / edit drafts, release, withdraw, delete, read receipts —
 * each route needs the notice menu and its button; the attachments of a
 * received notice are for its receivers.
 */
export async function noticeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const view = withAccess(moduleAccess(NOTICE_MODULE));

  app.get('/message/Notice', view, async (req) => {
    const page = query(pageQuery, req);
    const { enabledMark } = query(noticeListQuery, req);
    return ok(await listNotices(ctx, { ...page, enabledMark }));
  });

  app.get('/message/Notice/:id/Files', withAccess(userAccess), async (req) => ok(await noticeFilesFor(ctx, params(req).id, actor(req))));

  app.get('/message/:id', view, async (req) => ok(await getNotice(ctx, params(req).id)));

  app.get('/message/:id/Receipts', view, async (req) => {
    const page = query(pageQuery, req);
    const { isRead } = query(noticeReceiptQuery, req);
    return ok(await noticeReceipts(ctx, params(req).id, { ...page, isRead }));
  });

  app.post('/message', withAccess(moduleAccess(NOTICE_MODULE, 'btn_add')), async (req) =>
    ok({ id: await createNotice(ctx, body(noticeBody, req), actor(req)) }),
  );

  app.put('/message/:id', withAccess(moduleAccess(NOTICE_MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    await updateNotice(ctx, id, body(noticeBody, req), actor(req));
    return ok(null);
  });

  app.put('/message/:id/Actions/Release', withAccess(moduleAccess(NOTICE_MODULE, 'btn_release')), async (req) =>
    ok(await releaseNotice(ctx, params(req).id, actor(req))),
  );

  app.put('/message/:id/Actions/Withdraw', withAccess(moduleAccess(NOTICE_MODULE, 'btn_release')), async (req) => {
    await withdrawNotice(ctx, params(req).id, actor(req));
    return ok(null);
  });

  app.delete('/message/:id', withAccess(moduleAccess(NOTICE_MODULE, 'btn_remove')), async (req) => {
    await deleteNotice(ctx, params(req).id, actor(req));
    return ok(null);
  });
}
