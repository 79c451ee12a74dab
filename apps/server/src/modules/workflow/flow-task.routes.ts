import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FlowAction,
  flowAddSignerBody,
  flowApproveBody,
  flowBatchBody,
  flowListFilter,
  flowOpinionBody,
  flowRejectBody,
  flowTransferBody,
  pageQuery,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { approveTask, cancelInstance, recallTask, rejectTask, revokeInstance, transferTask } from './actions.service.ts';
import { addSigners } from './add-signer.service.ts';
import { batchOperation } from './batch.service.ts';
import { instanceDetail } from './detail.service.ts';
import { circulatedList, doneList, launchedList, todoList } from './lists.service.ts';

/**
 * The engine's task actions and lists (server-contract §4 FlowBefore, FlowLaunch).
 * Any signed-in user may call them; the services answer 403 unless the task
 * is the caller's own (or the instance was started by the caller), 404 for an
 * unknown id. Starting a flow is not a route here: the module that owns a
 * form starts it from its own route, after its own access check on the record.
 */
const withAccess = { config: { access: userAccess } };
/** The monitor's routes (here Cancel; monitor.routes.ts the rest): the flow monitor menu, administrators pass. */
export const monitorAccess = { config: { access: moduleAccess('flowMonitor') } };
const idParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
const categoryParam = z.object({ category: z.enum(['1', '2', '3']) });

export const lang = (req: FastifyRequest) => requestLanguage(req);
export const id = (req: FastifyRequest) => parse(idParam, req.params, lang(req)).id;

/** The body with the reference's spellings mapped to ours (handleOpinion, freeApproverUserId). */
export function handleBody<S extends z.ZodType>(schema: S, req: FastifyRequest): z.output<S> {
  const raw = req.body;
  if (raw === undefined || raw === null) return parse(schema, {}, lang(req));
  if (typeof raw !== 'object' || Array.isArray(raw)) return parse(schema, raw, lang(req));
  const b = raw as Record<string, unknown>;
  return parse(schema, { ...b, opinion: b.opinion ?? b.handleOpinion, toUserId: b.toUserId ?? b.freeApproverUserId }, lang(req));
}

const listArgs = (req: FastifyRequest) => [parse(pageQuery, req.query, lang(req)), parse(flowListFilter, req.query, lang(req))] as const;

export async function flowTaskRoutes(app: FastifyInstance, ctx: AppContext) {
  /** 1 to-do, 2 done, 3 circulated to me. */
  app.get('/workflow/Engine/FlowBefore/List/:category', withAccess, async (req) => {
    const { category } = parse(categoryParam, req.params, lang(req));
    const [page, filter] = listArgs(req);
    if (category === '1') return ok(await todoList(ctx, req.session.userId, page, filter, lang(req)));
    const list = category === '2' ? doneList : circulatedList;
    return ok(await list(ctx, req.session.userId, page, filter));
  });

  /** Approve or reject up to 100 of my to-dos: `{done, failed: [{id, msg}]}`, each task its own transaction. */
  app.post('/workflow/Engine/FlowBefore/BatchOperation', withAccess, async (req) =>
    ok(await batchOperation(ctx, req.session.userId, handleBody(flowBatchBody, req), lang(req))),
  );

  /** Adds signers before or after my waiting task (the id is the task's). */
  app.post('/workflow/Engine/FlowBefore/AddSigner/:id', withAccess, async (req) =>
    ok(await addSigners(ctx, id(req), req.session.userId, handleBody(flowAddSignerBody, req))),
  );

  /** One instance for its detail page (the id is the instance's). */
  app.get('/workflow/Engine/FlowBefore/:id', withAccess, async (req) =>
    ok(await instanceDetail(ctx, { userId: req.session.userId, isAdministrator: req.session.isAdministrator }, id(req))),
  );

  app.get('/workflow/Engine/FlowLaunch', withAccess, async (req) => ok(await launchedList(ctx, req.session.userId, ...listArgs(req))));

  app.post('/workflow/Engine/FlowBefore/Audit/:id', withAccess, async (req) =>
    ok(await approveTask(ctx, id(req), req.session.userId, handleBody(flowApproveBody, req))),
  );

  app.post('/workflow/Engine/FlowBefore/Reject/:id', withAccess, async (req) =>
    ok(await rejectTask(ctx, id(req), req.session.userId, handleBody(flowRejectBody, req))),
  );

  /** The id is the approval's record id (as in the reference) or its task id. */
  app.post('/workflow/Engine/FlowBefore/Recall/:id', withAccess, async (req) => {
    const given = id(req);
    const record = await ctx.db
      .selectFrom('flowRecords')
      .select('taskId')
      .where('id', '=', given)
      .where('action', '=', FlowAction.approve)
      .executeTakeFirst();
    return ok(await recallTask(ctx, record?.taskId ?? given, req.session.userId, handleBody(flowOpinionBody, req)));
  });

  app.post('/workflow/Engine/FlowBefore/Transfer/:id', withAccess, async (req) =>
    ok(await transferTask(ctx, id(req), req.session.userId, handleBody(flowTransferBody, req))),
  );

  /** The monitor cancels (terminates) an instance; the id is the instance's. */
  app.post('/workflow/Engine/FlowBefore/Cancel/:id', monitorAccess, async (req) =>
    ok(await cancelInstance(ctx, id(req), req.session.userId, handleBody(flowOpinionBody, req))),
  );

  app.put('/workflow/Engine/FlowLaunch/:id/Actions/Withdraw', withAccess, async (req) =>
    ok(await revokeInstance(ctx, id(req), req.session.userId, handleBody(flowOpinionBody, req))),
  );
}
