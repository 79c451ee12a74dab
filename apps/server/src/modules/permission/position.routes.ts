import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { idParams, idString, keywordQuery, organizeConditionBody, orgIdsBody, pageQuery, positionBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess, type Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import {
  allPositions,
  createPosition,
  deletePosition,
  listPositions,
  positionInfo,
  positionTree,
  updatePosition,
} from './position.service.ts';

const route = (access: Access) => ({ config: { access } });
const base = '/permission/Position';
const listQuery = pageQuery.and(z.object({ organizeId: idString.optional().or(z.literal('')) }));

const positionConditionBody = organizeConditionBody.and(z.object({ positionIds: z.array(idString).max(1000).optional().default([]) }));

/** Positions (spec §7.4). */
export async function positionRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(base, route(moduleAccess('position')), async (req) => {
    const q = parse(listQuery, req.query, requestLanguage(req));
    const organizeId = q.organizeId && q.organizeId !== '0' && q.organizeId !== '-1' ? q.organizeId : null;
    return ok(await listPositions(ctx, { ...q, organizeId }));
  });

  /** Positions as leaves of the organisation tree. */
  app.get(`${base}/Selector`, route(userAccess), async (req) => {
    const { keyword } = parse(keywordQuery, req.query, requestLanguage(req));
    return ok({ list: await positionTree(ctx, { keyword }) });
  });

  app.get(`${base}/All`, route(userAccess), async () => ok({ list: await allPositions(ctx) }));

  app.post(`${base}/getListByOrgIds`, route(userAccess), async (req) => {
    const body = parse(orgIdsBody, req.body, requestLanguage(req));
    return ok({ list: await allPositions(ctx, [...body.organizeIds, ...body.departIds]) });
  });

  /** The custom-mode position picker: positions of the given organisations' subtrees, plus explicitly allowed ones. */
  app.post(`${base}/PositionCondition`, route(userAccess), async (req) => {
    const body = parse(positionConditionBody, req.body, requestLanguage(req));
    return ok({
      list: await positionTree(ctx, {
        within: [...body.departIds, ...body.organizeIds],
        positionIds: body.positionIds,
        keyword: body.keyword,
      }),
    });
  });

  app.post(base, route(moduleAccess('position', 'btn_add')), async (req) =>
    ok(await createPosition(ctx, req.session, parse(positionBody, req.body, requestLanguage(req)))),
  );

  app.get(`${base}/:id`, route(moduleAccess('position')), async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await positionInfo(ctx, id));
  });

  app.put(`${base}/:id`, route(moduleAccess('position', 'btn_edit')), async (req) => {
    const { id } = parse(idParams, req.params);
    await updatePosition(ctx, req.session, id, parse(positionBody, req.body, requestLanguage(req)));
    return ok(null);
  });

  app.delete(`${base}/:id`, route(moduleAccess('position', 'btn_remove')), async (req) => {
    const { id } = parse(idParams, req.params);
    await deletePosition(ctx, id);
    return ok(null);
  });
}
