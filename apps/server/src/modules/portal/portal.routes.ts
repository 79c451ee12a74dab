import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageQuery, portalBody, portalListQuery, portalRolesBody, portalWidget } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { sendJsonFile } from '../system/download.ts';
import { logRequestOperation } from '../system/logs.service.ts';
import { body, caller, params, query, stateBody, withAccess } from '../system/route-helpers.ts';
import { portalChoice, portalForCaller, portalRoles, replacePortalRoles, setDefaultPortal } from './portal-access.service.ts';
import {
  copyPortal,
  createPortal,
  definitionOf,
  deletePortal,
  exportPortal,
  findPortal,
  listPortals,
  setPortalState,
  toInfo,
  updatePortal,
} from './portal.service.ts';
import { noticeFeed, todoFeed, widgetData, widgetOf } from './widget-data.service.ts';

/** The designer menu: its buttons guard every design call. */
export const PORTAL_MODULE = 'portalDesign';
const BASE = '/visualdev/Portal';

const widgetParams = z.object({ id: z.string().trim().min(1).max(200), widgetId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'rules.id') });
const listQuery = (req: FastifyRequest) => ({ ...query(pageQuery, req), ...query(portalListQuery, req) });

/** Portals (server-contract §8; spec §2.3 type 8, §2.5 home page). */
export async function portalRoutes(app: FastifyInstance, ctx: AppContext) {
  const design = (button?: string) => withAccess(moduleAccess(PORTAL_MODULE, button));

  app.get(BASE, design(), async (req) => ok(await listPortals(ctx, listQuery(req))));

  /** The caller's portals and the one their home page shows. */
  app.get(`${BASE}/Selector`, withAccess(userAccess), async (req) => ok(await portalChoice(ctx, req.session)));

  /** To-dos and notices for their widgets (see widget-data.service.ts). */
  app.get(`${BASE}/Feeds/Todo`, withAccess(userAccess), async () => ok(todoFeed()));
  app.get(`${BASE}/Feeds/Notice`, withAccess(userAccess), async () => ok(noticeFeed()));

  /** The designer's preview: an unsaved widget's data, with the designer's own permissions. */
  app.post(`${BASE}/Widgets/Preview`, design(), async (req) => ok(await widgetData(ctx, body(portalWidget, req), caller(req))));

  app.get(`${BASE}/:id`, design(), async (req) => ok(toInfo(await findPortal(ctx, params(req).id))));

  /** The layout, for a user who may see the portal (admins, holding roles, its menu); else 403. */
  app.get(`${BASE}/:id/auth`, withAccess(userAccess), async (req) => {
    const row = await portalForCaller(ctx, req.session, params(req).id);
    return ok({ id: row.id, fullName: row.fullName, formData: definitionOf(row) });
  });

  /** One widget's data of a saved portal, run as the caller. */
  app.get(`${BASE}/:id/Widgets/:widgetId/Data`, withAccess(userAccess), async (req) => {
    const p = parse(widgetParams, req.params, requestLanguage(req));
    const row = await portalForCaller(ctx, req.session, p.id);
    return ok(await widgetData(ctx, widgetOf(row, p.widgetId), caller(req)));
  });

  app.post(BASE, design('btn_add'), async (req) => {
    const input = body(portalBody, req);
    const id = await createPortal(ctx, input, req.session.userId);
    logRequestOperation(ctx, req, { module: PORTAL_MODULE, action: 'create', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok({ id });
  });

  app.put(`${BASE}/:id`, design('btn_edit'), async (req) => {
    const { id } = params(req);
    const input = body(portalBody, req);
    await updatePortal(ctx, id, input, req.session.userId);
    logRequestOperation(ctx, req, { module: PORTAL_MODULE, action: 'update', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok(null);
  });

  app.delete(`${BASE}/:id`, design('btn_remove'), async (req) => {
    const row = await deletePortal(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: PORTAL_MODULE, action: 'delete', targetId: row.id, summary: `${row.enCode} ${row.fullName}` });
    return ok(null);
  });

  app.post(`${BASE}/:id/Actions/Copy`, design('btn_add'), async (req) =>
    ok({ id: await copyPortal(ctx, params(req).id, req.session.userId) }),
  );

  app.put(`${BASE}/:id/Actions/State`, design('btn_edit'), async (req) => {
    const enabledMark = await setPortalState(ctx, params(req).id, req.session.userId, body(stateBody, req)?.enabledMark);
    return ok({ enabledMark });
  });

  app.put(`${BASE}/:id/Actions/SetDefault`, withAccess(userAccess), async (req) => {
    const id = await setDefaultPortal(ctx, req.session, params(req).id);
    return ok({ id });
  });

  /** Which roles hold the portal: read, and replace in one transaction. */
  app.get(`${BASE}/:id/Roles`, design(), async (req) => ok({ roleIds: await portalRoles(ctx, params(req).id) }));
  app.put(`${BASE}/:id/Roles`, design('btn_edit'), async (req) => {
    const { id } = params(req);
    const { roleIds } = body(portalRolesBody, req);
    const saved = await replacePortalRoles(ctx, id, roleIds, req.session.userId);
    logRequestOperation(ctx, req, { module: PORTAL_MODULE, action: 'authorize', targetId: id, summary: `roles=${saved.length}` });
    return ok({ roleIds: saved });
  });

  app.get(`${BASE}/:id/Actions/Export`, design(), async (req, reply) => {
    const row = await findPortal(ctx, params(req).id);
    return sendJsonFile(reply, `${row.fullName}-${row.enCode}`, exportPortal(row));
  });

  /** Import an exported portal: updated in place when its enCode exists, else created. */
  app.post(`${BASE}/Actions/Import`, design('btn_add'), async (req) => {
    const input = body(portalBody, req);
    const existing = await ctx.db.selectFrom('portals').select('id').where('enCode', '=', input.enCode).executeTakeFirst();
    if (existing) {
      await updatePortal(ctx, existing.id, input, req.session.userId);
      return ok({ id: existing.id, created: false });
    }
    return ok({ id: await createPortal(ctx, input, req.session.userId), created: true });
  });
}
