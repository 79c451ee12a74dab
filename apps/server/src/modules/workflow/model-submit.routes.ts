import type { FastifyInstance } from 'fastify';
import { flowModelSubmitBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { authorizeModel, readRecord, runtimeModel } from '../visualdev/records.service.ts';
import { startFlow } from './actions.service.ts';
import { MODEL_FORM_KIND } from './model-form.adapter.ts';

/**
 * Submits a low-code model record into its flow. The caller must see the
 * record through the model's own permission-checked read (menu grant, row
 * rules: 403 / 404), checked before the engine's transaction; the engine then
 * checks who may start the flow and that no flow runs on the record (409).
 */
export async function modelSubmitRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/workflow/Engine/FlowBefore/Submit', { config: { access: userAccess } }, async (req) => {
    const body = parse(flowModelSubmitBody, req.body, requestLanguage(req));
    const flow = await ctx.db.selectFrom('flowDefinitions').select(['formKind', 'formId']).where('id', '=', body.flowId).executeTakeFirst();
    if (!flow) throw notFound('workflow.flowNotFound');
    if (flow.formKind !== MODEL_FORM_KIND || flow.formId !== body.modelId) throw badRequest('workflow.formMismatch');
    const model = await runtimeModel(ctx, body.modelId);
    const auth = await authorizeModel(ctx, req.session, model, []);
    await readRecord(ctx, model, auth, body.recordId);
    const { flowId, recordId, title, urgency, chosenApprovers } = body;
    return ok(await startFlow(ctx, { flowId, recordId, title, urgency, chosenApprovers }, req.session.userId));
  });
}
