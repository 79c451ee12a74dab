import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  idParams,
  idString,
  keywordBody,
  keywordQuery,
  pickerQuery,
  resetPasswordBody,
  userConditionBody,
  userCreateBody,
  userIdsBody,
  type UserListQuery,
  userListQuery,
  userUpdateBody,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess, type Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage, translate } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { hiddenColumnsOf } from './column-rules.ts';
import { grantsFor } from './grants.service.ts';
import {
  allUsers,
  imUsers,
  subordinates,
  userCondition,
  userLabels,
  userOrganizations,
  usersByAuthorize,
  usersByPosition,
  usersByRoleOrg,
  userSelectorLevel,
  userSelectorTree,
} from './users-lookup.service.ts';
import {
  createUser,
  deleteUser,
  exportUsers,
  listUsers,
  resetPassword,
  setUserState,
  unlockUser,
  updateUser,
  USER_MENU,
  userInfo,
} from './users.service.ts';
import { listWorkbook, sendXlsx } from './users-excel.service.ts';
import { importRoutes } from './users-import.routes.ts';

const route = (access: Access) => ({ config: { access } });
const base = '/permission/Users';
const stateBody = z.object({ enabledMark: z.union([z.literal(0), z.literal(1)]).optional() }).optional();
/** Most rows one export writes. */
const EXPORT_MAX = 20_000;

const stamp = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/**
 * The users list's query, parsed once per query string: the screen asks the
 * same few again and again (page turns, filters), and zod costs about as much
 * as one of the list's SQL reads. Only successful parses are kept, frozen as
 * they are shared; failures answer their 400 each time.
 */
const parsedListQueries = new Map<string, Readonly<UserListQuery>>();

function listQuery(req: FastifyRequest): UserListQuery {
  const at = req.url.indexOf('?');
  const search = at < 0 ? '' : req.url.slice(at + 1);
  let q = parsedListQueries.get(search);
  if (!q) {
    q = Object.freeze(parse(userListQuery, req.query, requestLanguage(req)));
    if (parsedListQueries.size >= 1000) parsedListQueries.clear();
    parsedListQueries.set(search, q);
  }
  return q;
}

const byPositionQuery = pickerQuery.and(z.object({ positionId: idString }));
const byRoleOrgQuery = pickerQuery.and(z.object({ roleId: idString, organizeId: idString.optional().or(z.literal('')) }));
const exportQuery = userListQuery.and(
  z.object({
    dataType: z.enum(['0', '1']).optional().default('1'),
    selectKey: z.string().max(500).optional().default(''),
  }),
);
const userIdQuery = z.object({ userId: idString.optional() });

/** Users: the management screen, its actions, Excel, and the lookups every picker uses (spec §7.4). */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const lang = (req: FastifyRequest) => requestLanguage(req);

  // ---- lookups any signed-in user's pickers use: names, accounts, avatars and organisations only
  app.get(`${base}/All`, route(userAccess), async (req) => {
    const { keyword } = parse(keywordQuery, req.query, lang(req));
    return ok({ list: await allUsers(ctx, keyword) });
  });

  app.get(`${base}/Selector`, route(userAccess), async () => ok({ list: await userSelectorTree(ctx) }));

  app.get(`${base}/ImUser`, route(userAccess), async (req) =>
    ok(await imUsers(ctx, req.session, parse(pickerQuery, req.query, lang(req)))),
  );

  app.post(`${base}/ImUser/Selector/:id`, route(userAccess), async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await userSelectorLevel(ctx, id, parse(keywordBody, req.body ?? {}, lang(req))));
  });

  app.post(`${base}/getUserList`, route(userAccess), async (req) => {
    const body = parse(userIdsBody, req.body, lang(req));
    return ok({ list: await userLabels(ctx, [...body.userId, ...body.ids]) });
  });

  app.post(`${base}/getSubordinates`, route(userAccess), async (req) => {
    const { keyword } = parse(keywordBody, req.body ?? {}, lang(req));
    return ok({ list: await subordinates(ctx, req.session.userId, keyword) });
  });

  app.get(`${base}/getOrganization`, route(userAccess), async (req) => {
    const { userId } = parse(userIdQuery, req.query, lang(req));
    return ok({ list: await userOrganizations(ctx, userId ?? req.session.userId) });
  });

  app.get(`${base}/GetUsersByPositionId`, route(userAccess), async (req) => {
    const q = parse(byPositionQuery, req.query, lang(req));
    return ok(await usersByPosition(ctx, q.positionId, q));
  });

  app.get(`${base}/GetUsersByRoleOrgId`, route(userAccess), async (req) => {
    const q = parse(byRoleOrgQuery, req.query, lang(req));
    return ok(await usersByRoleOrg(ctx, q.roleId, q.organizeId || null, q));
  });

  app.post(`${base}/UserCondition`, route(userAccess), async (req) => {
    const b = parse(userConditionBody, req.body, lang(req));
    return ok(await userCondition(ctx, { ...b, orgIds: [...b.departIds, ...b.organizeIds] }));
  });

  app.post(`${base}/GetListByAuthorize/:id`, route(userAccess), async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await usersByAuthorize(ctx, req.session, id, parse(keywordBody, req.body ?? {}, lang(req))));
  });

  // ---- the users screen (menu 'user'): row rules, column rules and buttons apply
  app.get(base, route(moduleAccess(USER_MENU)), async (req) => ok(await listUsers(ctx, req.session, listQuery(req))));

  app.get(`${base}/ExportExcel`, route(moduleAccess(USER_MENU, 'btn_export')), async (req, reply) => {
    const q = parse(exportQuery, req.query, lang(req));
    const rows =
      q.dataType === '0' ? (await listUsers(ctx, req.session, q)).list : (await exportUsers(ctx, req.session, q, EXPORT_MAX)).list;
    const grants = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
    const keys = q.selectKey
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const buffer = await listWorkbook(rows, keys, hiddenColumnsOf(grants, USER_MENU), lang(req));
    return sendXlsx(reply, buffer, `${translate(lang(req), 'import.exportName')}_${stamp()}.xlsx`, `users_${stamp()}.xlsx`);
  });

  await importRoutes(app, ctx, `${base}`);
  await importRoutes(app, ctx, '/micq/MICQ_AFTER_IMPORT');

  app.post(base, route(moduleAccess(USER_MENU, 'btn_add')), async (req) =>
    ok(await createUser(ctx, req.session, parse(userCreateBody, req.body, lang(req)))),
  );

  app.get(`${base}/:id`, route(moduleAccess(USER_MENU)), async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await userInfo(ctx, req.session, id));
  });

  app.put(`${base}/:id`, route(moduleAccess(USER_MENU, 'btn_edit')), async (req) => {
    const { id } = parse(idParams, req.params);
    const present = new Set(req.body && typeof req.body === 'object' ? Object.keys(req.body) : []);
    await updateUser(ctx, req.session, id, parse(userUpdateBody, req.body, lang(req)), present);
    return ok(null);
  });

  app.delete(`${base}/:id`, route(moduleAccess(USER_MENU, 'btn_remove')), async (req) => {
    const { id } = parse(idParams, req.params);
    await deleteUser(ctx, req.session, id);
    return ok(null);
  });

  app.post(`${base}/:id/Actions/ResetPassword`, route(moduleAccess(USER_MENU, 'btn_resetPassword')), async (req) => {
    const { id } = parse(idParams, req.params);
    const { userPassword } = parse(resetPasswordBody, req.body, lang(req));
    await resetPassword(ctx, req.session, id, userPassword);
    return ok(null);
  });

  app.put(`${base}/:id/Actions/State`, route(moduleAccess(USER_MENU, 'btn_edit')), async (req) => {
    const { id } = parse(idParams, req.params);
    const body = parse(stateBody, req.body ?? undefined, lang(req));
    return ok(await setUserState(ctx, req.session, id, body?.enabledMark));
  });

  app.put(`${base}/:id/Actions/unlock`, route(moduleAccess(USER_MENU, 'btn_edit')), async (req) => {
    const { id } = parse(idParams, req.params);
    await unlockUser(ctx, req.session, id);
    return ok(null);
  });
}
