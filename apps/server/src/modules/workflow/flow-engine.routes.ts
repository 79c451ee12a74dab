import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { flowDefinitionBody, flowDefinitionFilter, flowDefinitionUpdateBody, flowReleaseBody, pageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { createFlow, releaseFlowVersion } from './definitions.service.ts';
import { deleteFlow, getFlow, listFlows, setFlowEnabled, updateFlow } from './flow-admin.service.ts';
import { flowFormAdapter } from './form-adapters.ts';

/**
 * Flow definitions (server-contract §4 FlowEngine): reading needs the flow
 * design menu, writing its add / edit / remove buttons (administrators pass).
 * `Release/{id}` releases a new version of the graph; `Stop/{id}` and
 * `Enable/{id}` switch whether new instances may start.
 */
const BASE = '/workflow/Engine/FlowEngine';
const read = { config: { access: moduleAccess('flowEngine') } };
const add = { config: { access: moduleAccess('flowEngine', 'btn_add') } };
const edit = { config: { access: moduleAccess('flowEngine', 'btn_edit') } };
const remove = { config: { access: moduleAccess('flowEngine', 'btn_remove') } };
const idParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

const lang = (req: FastifyRequest) => requestLanguage(req);
const id = (req: FastifyRequest) => parse(idParam, req.params, lang(req)).id;

export async function flowEngineRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(BASE, read, async (req) =>
    ok(await listFlows(ctx, parse(pageQuery, req.query, lang(req)), parse(flowDefinitionFilter, req.query, lang(req)))),
  );

  app.get(`${BASE}/:id`, read, async (req) => ok(await getFlow(ctx, id(req))));

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
