import {
  FlowAction,
  flowAssignBody,
  FlowStatus,
  TaskStatus,
  type FlowAssignBody,
  type FlowMonitorFilter,
  type PageQuery,
} from '@medalliance/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { paginate } from '../../http/paging.ts';
import { now } from '../../lib/clock.ts';
import { handOver, lockInstance, openRun, result, type ActionResult } from './action-support.ts';
import { enabledUsers } from './approvers.ts';
import { addRecord, settle } from './engine.ts';
import { instances, ordered } from './lists.service.ts';
import { withMessages } from './notify.ts';

/**
 * The flow monitor (issue 15): every instance for those granted the
 * 'flowMonitor' menu (administrators pass), with the lists' filters and
 * starter; deleting finished instances; re-assigning a node; suspending and
 * restoring. The routes check the menu; these services trust their caller.
 */
type Page = Pick<PageQuery, 'currentPage' | 'pageSize' | 'keyword'> & Partial<Pick<PageQuery, 'sidx' | 'sort'>>;

/** Every instance, newest first, with whether it is suspended. */
export async function monitorList(ctx: AppContext, page: Page, f: FlowMonitorFilter) {
  const q = instances(ctx, f, page)
    .leftJoin('flowSuspensions as p', 'p.instanceId', 'i.id')
    .select([
      'i.id',
      'i.startedAt as creatorTime',
      sql<number>`case when ${sql.ref('p.instanceId')} is null then 0 else 1 end`.as('suspended'),
    ]);
  const res = await paginate(ordered(q, page, 'i.startedAt', 'i.id'), page);
  for (const row of res.list) row.suspended = Number(row.suspended);
  return res;
}

/**
 * Deletes finished instances with everything they own (node states, tasks,
 * records, copies, timers, added signers, urges). All or nothing: an unknown
 * id answers 404 and a still-waiting one 409, and nothing is deleted.
 */
export async function deleteInstances(ctx: AppContext, ids: readonly string[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('flowInstances').select(['id', 'status']).where('id', 'in', unique).execute();
    if (rows.length !== unique.length) throw notFound();
    if (rows.some((r) => r.status === FlowStatus.waiting)) throw conflict('workflow.deleteRunning');
    for (const table of [
      'flowTaskSigners',
      'flowTimers',
      'flowCopies',
      'flowRecords',
      'flowTasks',
      'flowNodeStates',
      'flowPresses',
      'flowSuspensions',
    ] as const)
      await trx.deleteFrom(table).where('instanceId', 'in', unique).execute();
    await trx
      .deleteFrom('flowSubflows')
      .where((eb) => eb.or([eb('childInstanceId', 'in', unique), eb('parentInstanceId', 'in', unique)]))
      .execute();
    // Guarded again in the statement itself: a concurrent action cannot slip a waiting instance in.
    const res = await trx
      .deleteFrom('flowInstances')
      .where('id', 'in', unique)
      .where('status', '!=', FlowStatus.waiting)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) !== unique.length) throw conflict('workflow.deleteRunning');
    return { deleted: unique.length };
  });
}

/**
 * The monitor hands a waiting node to one user: the node's open tasks are
 * cancelled and the user gets one waiting task in their place (record 5,
 * assign). Votes already cast on the node stay counted.
 */
export async function assignNode(ctx: AppContext, instanceId: string, adminId: string, input: FlowAssignBody): Promise<ActionResult> {
  const body = flowAssignBody.parse(input);
  const at = now();
  return withMessages(ctx, at, async (trx, outbox) => {
    const inst = await lockInstance(trx, instanceId, at);
    const [toUser] = await enabledUsers(trx, [body.toUserId]);
    if (!toUser) throw badRequest('workflow.userUnknown', { id: body.toUserId });
    const open = await trx
      .selectFrom('flowTasks')
      .selectAll()
      .where('instanceId', '=', instanceId)
      .where('nodeId', '=', body.nodeId)
      .where('status', 'in', [TaskStatus.waiting, TaskStatus.queued])
      .orderBy('sortCode')
      .execute();
    if (!open.length) throw badRequest('workflow.assignNoTask', { node: body.nodeId });
    const run = await openRun(trx, inst, at, outbox);
    await trx
      .updateTable('flowTasks')
      .set({ status: TaskStatus.cancelled, closedSeq: run.seq })
      .where(
        'id',
        'in',
        open.map((t) => t.id),
      )
      .where('status', 'in', [TaskStatus.waiting, TaskStatus.queued])
      .execute();
    // Their added signers go with them: the node is now the assignee's alone.
    await trx
      .deleteFrom('flowTaskSigners')
      .where(
        'taskId',
        'in',
        open.map((t) => t.id),
      )
      .execute();
    const first = open[0]!;
    await handOver(run, first, toUser, { action: FlowAction.assign, actorId: adminId, opinion: body.opinion });
    await settle(run);
    return result(run);
  });
}

/** Suspends a waiting instance: every action is refused and its to-dos are hidden until restored. */
export async function suspendInstance(ctx: AppContext, instanceId: string, adminId: string, opinion = ''): Promise<ActionResult> {
  const at = now();
  return withMessages(ctx, at, async (trx, outbox) => {
    const inst = await lockInstance(trx, instanceId, at);
    await trx.insertInto('flowSuspensions').values({ instanceId, suspendedBy: adminId, suspendedAt: at }).execute();
    const run = await openRun(trx, inst, at, outbox);
    const start = run.graph.nodes.find((n) => n.type === 'start')!;
    await addRecord(run, { nodeId: start.id, nodeName: start.name, action: FlowAction.suspend, actorId: adminId, opinion });
    return result(run);
  });
}

/** Restores a suspended instance; overdue timers and timeouts act on the next due pass. */
export async function restoreInstance(ctx: AppContext, instanceId: string, adminId: string, opinion = ''): Promise<ActionResult> {
  const at = now();
  return withMessages(ctx, at, async (trx, outbox) => {
    const found = await trx.selectFrom('flowInstances').select('id').where('id', '=', instanceId).executeTakeFirst();
    if (!found) throw notFound();
    const removed = await trx.deleteFrom('flowSuspensions').where('instanceId', '=', instanceId).executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) throw conflict('workflow.notSuspended');
    const inst = await lockInstance(trx, instanceId, at);
    const run = await openRun(trx, inst, at, outbox);
    const start = run.graph.nodes.find((n) => n.type === 'start')!;
    await addRecord(run, { nodeId: start.id, nodeName: start.name, action: FlowAction.restore, actorId: adminId, opinion });
    return result(run);
  });
}
