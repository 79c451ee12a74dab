import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { mayStart } from './action-support.ts';
import { versionGraph } from './definitions.service.ts';
import { chosenNext, nodeForm } from './detail.service.ts';

const flowIdParam = z.object({ flowId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

/**
 * What the launch page (/workFlowDetail, type 0) needs to start a flow: the
 * flow, its bound form as the start node shows it (hidden fields removed, the
 * start node's field permissions) and the first approver nodes whose approvers
 * the starter chooses. 404 for an unknown flow, 400 for a stopped one, 403 for
 * a user the flow's starters do not name (the rule startFlow applies on submit).
 */
export async function startFormRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/workflow/Engine/FlowLaunch/Start/:flowId', { config: { access: userAccess } }, async (req) => {
    const { flowId } = parse(flowIdParam, req.params, requestLanguage(req));
    const flow = await ctx.db
      .selectFrom('flowDefinitions')
      .select(['id', 'fullName', 'formKind', 'formId', 'enabledMark', 'currentVersionId'])
      .where('id', '=', flowId)
      .executeTakeFirst();
    if (!flow) throw notFound('workflow.flowNotFound');
    if (flow.enabledMark !== 1) throw badRequest('workflow.flowDisabled');
    if (!(await mayStart(ctx.db, flow.id, req.session.userId))) throw forbidden();
    const graph = await versionGraph(ctx.db, flow.currentVersionId);
    const start = graph.nodes.find((n) => n.type === 'start')!;
    const form = await nodeForm(ctx, flow.formKind, flow.formId, null, start.type === 'start' ? start.fieldPermissions : [], 'start');
    return ok({
      flow: { id: flow.id, fullName: flow.fullName, formKind: flow.formKind, formId: flow.formId },
      graph,
      form,
      chooseNext: chosenNext(graph, start.id),
    });
  });
}
