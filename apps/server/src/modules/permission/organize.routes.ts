import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { idParams, idString, organizeBody, organizeConditionBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess, type Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage, translate } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import {
  createOrg,
  deleteOrg,
  orgChildren,
  orgCondition,
  orgInfo,
  orgTree,
  orgTreeByAuth,
  toggleOrgState,
  updateOrg,
  withTopNode,
} from './organize.service.ts';

const route = (access: Access) => ({ config: { access } });
const treeQuery = z.object({
  keyword: z.string().trim().max(200).optional().default(''),
  category: z.enum(['company', 'department', '']).optional(),
});
const base = '/permission/Organize';

const companyIdParams = z.object({ companyId: idString });

/** Organisations and departments: one tree, two menus (spec §7.4). */
export async function organizeRoutes(app: FastifyInstance, ctx: AppContext) {
  // ---- organisations (menu 'organize')
  app.get(base, route(moduleAccess('organize')), async (req) => {
    const q = parse(treeQuery, req.query, requestLanguage(req));
    return ok({ list: await orgTree(ctx, { keyword: q.keyword, ...(q.category ? { category: q.category } : {}) }) });
  });

  /** Parent choice when editing node {id}: every node except its own subtree, under the 'top node'. */
  app.get(`${base}/Selector/:id`, route(userAccess), async (req) => {
    const { id } = parse(idParams, req.params);
    const roots = await orgTree(ctx, { enabledOnly: true, exclude: id });
    return ok({ list: withTopNode(roots, translate(requestLanguage(req), 'org.topNode')) });
  });

  /** Direct children of {id} ('-1' or '0': the roots), for trees that load lazily. */
  app.get(`${base}/parent/:id`, route(userAccess), async (req) => {
    const { id } = parse(idParams, req.params);
    return ok({ list: await orgChildren(ctx, id) });
  });

  /** The tree as far as the signed-in user's organisation scope reaches; {id} and its subtree left out. */
  app.get(`${base}/SelectorByAuth/:id`, route(userAccess), async (req) => {
    const { id } = parse(idParams, req.params);
    const q = parse(treeQuery, req.query, requestLanguage(req));
    return ok({ list: await orgTreeByAuth(ctx, req.session, { exclude: id, keyword: q.keyword }) });
  });

  app.get(`${base}/Tree`, route(userAccess), async (req) => {
    const q = parse(treeQuery, req.query, requestLanguage(req));
    return ok({ list: await orgTree(ctx, { enabledOnly: true, keyword: q.keyword, ...(q.category ? { category: q.category } : {}) }) });
  });

  app.post(`${base}/OrganizeCondition`, route(userAccess), async (req) => {
    const body = parse(organizeConditionBody, req.body, requestLanguage(req));
    return ok({ list: await orgCondition(ctx, [...body.departIds, ...body.organizeIds], body.keyword) });
  });

  app.post(base, route(moduleAccess('organize', 'btn_add')), async (req) => {
    const body = parse(organizeBody, req.body, requestLanguage(req));
    return ok(await createOrg(ctx, req.session, body, body.category ?? 'company'));
  });

  app.get(`${base}/:id`, route(moduleAccess('organize')), async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await orgInfo(ctx, id));
  });

  app.put(`${base}/:id`, route(moduleAccess('organize', 'btn_edit')), async (req) => {
    const { id } = parse(idParams, req.params);
    await updateOrg(ctx, req.session, id, parse(organizeBody, req.body, requestLanguage(req)));
    return ok(null);
  });

  app.put(`${base}/:id/Actions/State`, route(moduleAccess('organize', 'btn_edit')), async (req) => {
    const { id } = parse(idParams, req.params);
    await toggleOrgState(ctx, req.session, id);
    return ok(null);
  });

  app.delete(`${base}/:id`, route(moduleAccess('organize', 'btn_remove')), async (req) => {
    const { id } = parse(idParams, req.params);
    await deleteOrg(ctx, id);
    return ok(null);
  });

  // ---- departments (menu 'department')
  /** Departments with their companies, {id}'s subtree left out ('0': nothing left out). */
  app.get(`${base}/Department/Selector/:id`, route(userAccess), async (req) => {
    const { id } = parse(idParams, req.params);
    return ok({ list: await orgTree(ctx, { enabledOnly: true, exclude: id }) });
  });

  app.get(`${base}/Department/SelectorByAuth/:id`, route(userAccess), async (req) => {
    const { id } = parse(idParams, req.params);
    return ok({ list: await orgTreeByAuth(ctx, req.session, { exclude: id }) });
  });

  /** The departments below a company (the original's GET Organize/{companyId}/Department). */
  app.get(`${base}/:companyId/Department`, route(moduleAccess('department')), async (req) => {
    const { companyId } = parse(companyIdParams, req.params);
    const q = parse(treeQuery, req.query, requestLanguage(req));
    const company = await orgInfo(ctx, companyId);
    const tree = await orgTree(ctx, { keyword: q.keyword });
    const find = (nodes: typeof tree): (typeof tree)[number] | undefined => {
      for (const n of nodes) {
        if (n.id === company.id) return n;
        const hit = find(n.children as typeof tree);
        if (hit) return hit;
      }
      return undefined;
    };
    const strip = (nodes: typeof tree): typeof tree =>
      nodes
        .filter((n) => n.category === 'department')
        .map((n) => {
          const children = strip(n.children as typeof tree);
          return { ...n, children: children as never, hasChildren: children.length > 0, isLeaf: children.length === 0 };
        });
    return ok({ list: strip((find(tree)?.children ?? []) as typeof tree) });
  });

  app.post(`${base}/Department`, route(moduleAccess('department', 'btn_add')), async (req) => {
    const body = parse(organizeBody, req.body, requestLanguage(req));
    return ok(await createOrg(ctx, req.session, body, 'department'));
  });

  app.get(`${base}/Department/:id`, route(moduleAccess('department')), async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await orgInfo(ctx, id, 'department'));
  });

  app.put(`${base}/Department/:id`, route(moduleAccess('department', 'btn_edit')), async (req) => {
    const { id } = parse(idParams, req.params);
    await updateOrg(ctx, req.session, id, parse(organizeBody, req.body, requestLanguage(req)), 'department');
    return ok(null);
  });

  app.delete(`${base}/Department/:id`, route(moduleAccess('department', 'btn_remove')), async (req) => {
    const { id } = parse(idParams, req.params);
    await deleteOrg(ctx, id, 'department');
    return ok(null);
  });
}
