import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { idParams, idString, keywordQuery, orgIdsBody, pageQuery, roleBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess, type Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage, translate } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import {
  assignableRoleIds,
  createRole,
  deleteRole,
  listRoles,
  roleInfo,
  rolesOfOrgs,
  roleTree,
  setRoleState,
  updateRole,
} from './role.service.ts';

const route = (access: Access) => ({ config: { access } });
const base = '/permission/Role';
const listQuery = pageQuery.and(
  z.object({
    organizeId: idString.optional().or(z.literal('')),
    type: z.enum(['global', 'organize', '']).optional(),
  }),
);
const stateBody = z.object({ enabledMark: z.union([z.literal(0), z.literal(1)]).optional() }).optional();

/** Roles: global ones and organisation roles (spec §7.4). */
export async function roleRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(base, route(moduleAccess('role')), async (req) => {
    const q = parse(listQuery, req.query, requestLanguage(req));
    const organizeId = q.organizeId && q.organizeId !== '0' && q.organizeId !== '-1' ? q.organizeId : null;
    return ok(await listRoles(ctx, { ...q, organizeId, type: q.type || null }));
  });

  app.get(`${base}/Selector`, route(userAccess), async (req) => {
    const { keyword } = parse(keywordQuery, req.query, requestLanguage(req));
    return ok({ list: await roleTree(ctx, { globalTitle: translate(requestLanguage(req), 'role.global'), keyword }) });
  });

  /** The roles the signed-in user may hand out (the user form's role picker). */
  app.get(`${base}/SelectorByPermission`, route(userAccess), async (req) => {
    const { keyword } = parse(keywordQuery, req.query, requestLanguage(req));
    const only = await assignableRoleIds(ctx, req.session);
    return ok({ list: await roleTree(ctx, { only, globalTitle: translate(requestLanguage(req), 'role.global'), keyword }) });
  });

  app.post(`${base}/getListByOrgIds`, route(userAccess), async (req) => {
    const body = parse(orgIdsBody, req.body, requestLanguage(req));
    return ok({ list: await rolesOfOrgs(ctx, [...body.organizeIds, ...body.departIds]) });
  });

  app.post(base, route(moduleAccess('role', 'btn_add')), async (req) =>
    ok(await createRole(ctx, req.session, parse(roleBody, req.body, requestLanguage(req)))),
  );

  app.get(`${base}/:id`, route(moduleAccess('role')), async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await roleInfo(ctx, id));
  });

  app.put(`${base}/:id`, route(moduleAccess('role', 'btn_edit')), async (req) => {
    const { id } = parse(idParams, req.params);
    await updateRole(ctx, req.session, id, parse(roleBody, req.body, requestLanguage(req)));
    return ok(null);
  });

  /** Toggles enabled/disabled, or sets it when the body names enabledMark. */
  app.put(`${base}/:id/Actions/State`, route(moduleAccess('role', 'btn_edit')), async (req) => {
    const { id } = parse(idParams, req.params);
    const body = parse(stateBody, req.body ?? undefined, requestLanguage(req));
    return ok(await setRoleState(ctx, req.session, id, body?.enabledMark));
  });

  app.delete(`${base}/:id`, route(moduleAccess('role', 'btn_remove')), async (req) => {
    const { id } = parse(idParams, req.params);
    await deleteRole(ctx, id);
    return ok(null);
  });
}
