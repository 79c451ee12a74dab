import type { FastifyInstance } from 'fastify';
import { groupBody, idParams, keywordQuery, pageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess, type Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { createGroup, deleteGroup, groupInfo, groupSelector, listGroups, updateGroup } from './group.service.ts';

const route = (access: Access) => ({ config: { access } });
const base = '/permission/Group';

/** User groups (spec §7.4; menu 'userGroup'). */
export async function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(base, route(moduleAccess('userGroup')), async (req) =>
    ok(await listGroups(ctx, parse(pageQuery, req.query, requestLanguage(req)))),
  );

  app.get(`${base}/Selector`, route(userAccess), async (req) => {
    const { keyword } = parse(keywordQuery, req.query, requestLanguage(req));
    return ok({ list: await groupSelector(ctx, keyword) });
  });

  app.post(base, route(moduleAccess('userGroup', 'btn_add')), async (req) =>
    ok(await createGroup(ctx, req.session, parse(groupBody, req.body, requestLanguage(req)))),
  );

  app.get(`${base}/:id`, route(moduleAccess('userGroup')), async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await groupInfo(ctx, id));
  });

  app.put(`${base}/:id`, route(moduleAccess('userGroup', 'btn_edit')), async (req) => {
    const { id } = parse(idParams, req.params);
    await updateGroup(ctx, req.session, id, parse(groupBody, req.body, requestLanguage(req)));
    return ok(null);
  });

  app.delete(`${base}/:id`, route(moduleAccess('userGroup', 'btn_remove')), async (req) => {
    const { id } = parse(idParams, req.params);
    await deleteGroup(ctx, id);
    return ok(null);
  });
}
