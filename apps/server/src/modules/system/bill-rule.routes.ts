import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { billRuleBody, pageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import {
  createRule,
  deleteRule,
  exportRule,
  findRule,
  getRule,
  listRules,
  previewNumber,
  setRuleState,
  updateRule,
} from './bill-rule.service.ts';
import { sendJsonFile } from './download.ts';
import { logRequestOperation } from './logs.service.ts';
import { body, params, query, stateBody, withAccess } from './route-helpers.ts';

const MODULE = 'billRule';
const categoryQuery = z.object({ categoryId: z.string().trim().max(40).optional() });
const listQuery = (req: FastifyRequest) => ({ ...query(pageQuery, req), ...query(categoryQuery, req) });

/** Bill-number rules (spec §7.5 BillRule, §2.6 template dialog, §7.8 template list). */
export async function billRuleRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/system/BillRule', withAccess(moduleAccess(MODULE)), async (req) => ok(await listRules(ctx, listQuery(req), false)));

  /** The business-number template dialog: enabled rules, by category, searchable, paged. */
  app.get('/system/BillRule/Selector', withAccess(userAccess), async (req) => ok(await listRules(ctx, listQuery(req), true)));

  /** The number a form shows before saving; the same for 3 minutes, never consumed. */
  app.get('/system/BillRule/BillNumber/:id', withAccess(userAccess), async (req) =>
    ok(await previewNumber(ctx, req.session.userId, params(req).id)),
  );

  app.get('/system/BillRule/:id', withAccess(moduleAccess(MODULE)), async (req) => ok(await getRule(ctx, params(req).id)));

  app.post('/system/BillRule', withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    const input = body(billRuleBody, req);
    const id = await createRule(ctx, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'create', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok({ id });
  });

  app.put('/system/BillRule/:id', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const input = body(billRuleBody, req);
    await updateRule(ctx, id, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'update', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok(null);
  });

  app.delete('/system/BillRule/:id', withAccess(moduleAccess(MODULE, 'btn_remove')), async (req) => {
    const row = await deleteRule(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'delete', targetId: row.id, summary: `${row.enCode} ${row.fullName}` });
    return ok(null);
  });

  app.put('/system/BillRule/:id/Actions/State', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const enabledMark = await setRuleState(ctx, id, req.session.userId, body(stateBody, req)?.enabledMark);
    logRequestOperation(ctx, req, { module: MODULE, action: 'state', targetId: id, summary: `enabledMark=${enabledMark}` });
    return ok({ enabledMark });
  });

  app.get('/system/BillRule/:id/Action/Export', withAccess(moduleAccess(MODULE, 'btn_export')), async (req, reply) => {
    const row = await findRule(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'export', targetId: row.id, summary: row.enCode });
    return sendJsonFile(reply, `${row.fullName}-${row.enCode}`, exportRule(row));
  });
}
