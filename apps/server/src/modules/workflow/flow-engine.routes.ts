import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  flowDefinitionBody,
  flowDefinitionFilter,
  flowDefinitionUpdateBody,
  flowDraftBody,
  flowReleaseBody,
  pageQuery,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { createFlow, releaseFlowVersion } from './definitions.service.ts';
import { grantsFor } from '../permission/grants.service.ts';
import {
  copyFlow,
  deleteFlow,
  exportFlow,
  importFlow,
  flowFormFields,
  getFlow,
  getFlowVersion,
  listAllFlows,
  listFlows,
  saveFlowDraft,
  setFlowEnabled,
  updateFlow,
} from './flow-admin.service.ts';
import { flowFormAdapter } from './form-adapters.ts';

/**
 * Flow definitions (server-contract §4 FlowEngine): reading needs the flow
 * design menu, writing its add / edit / remove buttons (administrators pass).
 * `Release/{id}` releases a new version of the graph; `Stop/{id}` and
 * `Enable/{id}` switch whether new instances may start. The designer saves
 * its unfinished graph with `{id}/Draft`, reads the form's fields with
 * `{id}/FormDataFields` and old versions with `{id}/Versions/{versionId}`.
 * `ListAll` feeds the flow filters of every workflow screen.
 */
const BASE = '/workflow/Engine/FlowEngine';
const read = { config: { access: moduleAccess('flowEngine') } };
const add = { config: { access: moduleAccess('flowEngine', 'btn_add') } };
const edit = { config: { access: moduleAccess('flowEngine', 'btn_edit') } };
const remove = { config: { access: moduleAccess('flowEngine', 'btn_remove') } };
const idParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
const versionParam = idParam.extend({ versionId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
/** The workflow menus: holding any of them lets a user read the short list of flows. */
const WORKFLOW_MENUS = ['flowLaunch', 'flowTodo', 'flowDone', 'flowCirculate', 'flowEntrust', 'flowMonitor', 'flowEngine'];

const lang = (req: FastifyRequest) => requestLanguage(req);
const id = (req: FastifyRequest) => parse(idParam, req.params, lang(req)).id;

export async function flowEngineRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(BASE, read, async (req) =>
    ok(await listFlows(ctx, parse(pageQuery, req.query, lang(req)), parse(flowDefinitionFilter, req.query, lang(req)))),
  );

  app.get(`${BASE}/ListAll`, { config: { access: userAccess } }, async (req) => {
    const grants = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
    // A signed-in lookup (the permission matrix expects those to answer every user): without a workflow menu, nothing to list.
    if (!grants.isAdministrator && !WORKFLOW_MENUS.some((m) => grants.modules.has(m))) return ok({ list: [] });
    return ok({ list: await listAllFlows(ctx) });
  });

  app.get(`${BASE}/:id`, read, async (req) => ok(await getFlow(ctx, id(req))));

  app.get(`${BASE}/:id/FormDataFields`, read, async (req) => ok({ list: await flowFormFields(ctx, id(req)) }));

  app.get(`${BASE}/:id/Versions/:versionId`, read, async (req) => {
    const p = parse(versionParam, req.params, lang(req));
    return ok(await getFlowVersion(ctx, p.id, p.versionId));
  });

  app.put(`${BASE}/:id/Draft`, edit, async (req) => {
    const flowId = id(req);
    const { graph } = parse(flowDraftBody, req.body, lang(req));
    await saveFlowDraft(ctx, flowId, graph, req.session.userId);
    return ok(null);
  });

  app.get(`${BASE}/:id/Actions/ExportData`, read, async (req) => ok(await exportFlow(ctx, id(req))));

  app.post(`${BASE}/Actions/ImportData`, add, async (req) => {
    const body = parse(flowDefinitionBody, req.body, lang(req));
    if (!flowFormAdapter(body.formKind)) throw badRequest('workflow.formUnknown', { kind: body.formKind });
    return ok(await importFlow(ctx, body, req.session.userId));
  });

  app.post(`${BASE}/:id/Actions/Copy`, add, async (req) => ok(await copyFlow(ctx, id(req), req.session.userId)));

  app.post(BASE, add, async (req) => {
    const body = parse(flowDefinitionBody, req.body, lang(req));
    if (!flowFormAdapter(body.formKind)) throw badRequest('workflow.formUnknown', { kind: body.formKind });
    return ok(await createFlow(ctx, body, req.session.userId));
  });

  app.put(`${BASE}/:id`, edit, async (req) => {
    const flowId = id(req);
    await updateFlow(ctx, flowId, parse(flowDefinitionUpdateBody, req.body, lang(req)), req.session.userId);
    return ok(null);
  });

  app.post(`${BASE}/Release/:id`, edit, async (req) => {
    const flowId = id(req);
    const { graph } = parse(flowReleaseBody, req.body, lang(req));
    return ok(await releaseFlowVersion(ctx, flowId, graph, req.session.userId));
  });

  app.post(`${BASE}/Stop/:id`, edit, async (req) => {
    await setFlowEnabled(ctx, id(req), false, req.session.userId);
    return ok(null);
  });

  app.post(`${BASE}/Enable/:id`, edit, async (req) => {
    await setFlowEnabled(ctx, id(req), true, req.session.userId);
    return ok(null);
  });

  app.delete(`${BASE}/:id`, remove, async (req) => {
    await deleteFlow(ctx, id(req));
    return ok(null);
  });
}
