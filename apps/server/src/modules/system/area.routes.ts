import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areaBody, areaIdsBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { areaChildren, areaInfo, areaNames, areaSelector, createArea, deleteArea, setAreaState, updateArea } from './area.service.ts';
import { logRequestOperation } from './logs.service.ts';
import { body, params, query, stateBody, withAccess } from './route-helpers.ts';

const MODULE = 'area';
const childrenQuery = z.object({
  keyword: z.string().trim().max(50).optional().default(''),
  /** 1: only enabled areas (the address picker); the management screen sees all. */
  enabledOnly: z.enum(['0', '1']).optional(),
});

const selectorParams = z.object({ id: z.string().min(1).max(40), excludeId: z.string().min(1).max(40) });

/** Areas: spec §7.5 Area paths and the address picker of §2.6 / §7.8. */
export async function areaRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/system/Area/GetAreaByIds', withAccess(userAccess), async (req) => ok(await areaNames(ctx, body(areaIdsBody, req).idsList)));

  app.get('/system/Area/:id', withAccess(userAccess), async (req) => {
    const q = query(childrenQuery, req);
    return ok({ list: await areaChildren(ctx, params(req).id, q.keyword, q.enabledOnly === '1') });
  });

  app.get('/system/Area/:id/Selector/:excludeId', withAccess(userAccess), async (req) => {
    const p = parse(selectorParams, req.params, requestLanguage(req));
    return ok({ list: await areaSelector(ctx, p.id, p.excludeId) });
  });

  app.get('/system/Area/:id/Info', withAccess(moduleAccess(MODULE)), async (req) => ok(await areaInfo(ctx, params(req).id)));

  app.post('/system/Area', withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    const input = body(areaBody, req);
    const id = await createArea(ctx, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'create', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok({ id });
  });

  app.put('/system/Area/:id', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const input = body(areaBody, req);
    await updateArea(ctx, id, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'update', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok(null);
  });

  app.delete('/system/Area/:id', withAccess(moduleAccess(MODULE, 'btn_remove')), async (req) => {
    const row = await deleteArea(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'delete', targetId: row.id, summary: `${row.enCode} ${row.fullName}` });
    return ok(null);
  });

  app.put('/system/Area/:id/Actions/State', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const enabledMark = await setAreaState(ctx, id, req.session.userId, body(stateBody, req)?.enabledMark);
    logRequestOperation(ctx, req, { module: MODULE, action: 'state', targetId: id, summary: `enabledMark=${enabledMark}` });
    return ok({ enabledMark });
  });
}
