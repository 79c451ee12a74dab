import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { idList, idParams, pageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, type Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { forceOffline, listOnlineUsers } from './online-user.service.ts';

const route = (access: Access) => ({ config: { access } });
/** The original's path (JNPF OnlineUserController: /api/system/OnlineUser); the menu is permission's 'onlineUser'. */
const base = '/system/OnlineUser';

const idsBody = z.object({ ids: idList });

export async function onlineUserRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(base, route(moduleAccess('onlineUser')), async (req) =>
    ok(await listOnlineUsers(ctx, req.session, parse(pageQuery, req.query, requestLanguage(req)))),
  );

  /** Force one session offline by its id (the list's `id`). */
  app.delete(`${base}/:id`, route(moduleAccess('onlineUser', 'btn_forced')), async (req) => {
    const { id } = parse(idParams, req.params);
    if (!(await forceOffline(ctx, req.session, [id]))) throw notFound();
    return ok(null);
  });

  /** Force several sessions offline: body { ids }. */
  app.delete(base, route(moduleAccess('onlineUser', 'btn_forced')), async (req) => {
    const { ids } = parse(idsBody, req.body, requestLanguage(req));
    return ok({ count: await forceOffline(ctx, req.session, ids) });
  });
}
