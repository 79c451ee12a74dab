import type { FastifyInstance } from 'fastify';
import { flowAssignBody, flowMonitorDeleteBody, flowMonitorFilter, flowOpinionBody, pageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { handleBody, id, lang, monitorAccess } from './flow-task.routes.ts';
import { assignNode, deleteInstances, monitorList, restoreInstance, suspendInstance } from './monitor.service.ts';

/**
 * The flow monitor (server-contract §4 FlowMonitor; VUE3 Assign, Suspend,
 * Restore): every route needs the 'flowMonitor' menu (administrators pass).
 * Ids in the path are instance ids.
 */
export async function monitorRoutes(app: FastifyInstance, ctx: AppContext) {
  /** Every instance, paged: the lists' row shape plus `id` and `suspended` (0/1). */
  app.get('/workflow/Engine/FlowMonitor', monitorAccess, async (req) =>
    ok(await monitorList(ctx, parse(pageQuery, req.query, lang(req)), parse(flowMonitorFilter, req.query, lang(req)))),
  );

  /** Deletes finished instances `{ids}` with their tasks, records and copies; `{deleted}`. */
  app.delete('/workflow/Engine/FlowMonitor', monitorAccess, async (req) =>
    ok(await deleteInstances(ctx, parse(flowMonitorDeleteBody, req.body ?? {}, lang(req)).ids)),
  );

  /** Re-assigns the waiting tasks of `nodeId` to `toUserId`. */
  app.post('/workflow/Engine/FlowBefore/Assign/:id', monitorAccess, async (req) =>
    ok(await assignNode(ctx, id(req), req.session.userId, handleBody(flowAssignBody, req))),
  );

  /** Suspends / restores an instance `{opinion?}`; a suspended one refuses actions (409) and leaves the to-do lists. */
  app.post('/workflow/Engine/FlowBefore/Suspend/:id', monitorAccess, async (req) => {
    const { opinion } = handleBody(flowOpinionBody, req);
    return ok(await suspendInstance(ctx, id(req), req.session.userId, opinion));
  });

  app.post('/workflow/Engine/FlowBefore/Restore/:id', monitorAccess, async (req) => {
    const { opinion } = handleBody(flowOpinionBody, req);
    return ok(await restoreInstance(ctx, id(req), req.session.userId, opinion));
  });
}
