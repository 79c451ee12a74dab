import { FlowStatus, TaskStatus, type FieldPermission } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { versionGraph } from './definitions.service.ts';

/**
 * One instance as the flow detail page shows it (server-contract §4
 * FlowBefore/{id}): the instance, its graph (the version it runs on), node
 * states for the progress graph, tasks, the audit trail, and the caller's
 * waiting task with that node's field permissions. Visible to its starter,
 * anyone who holds or held a task on it, anyone it was copied to, and
 * administrators; 403 for everybody else.
 */
export async function instanceDetail(ctx: AppContext, caller: { userId: string; isAdministrator: boolean }, instanceId: string) {
  const inst = await ctx.db.selectFrom('flowInstances').selectAll().where('id', '=', instanceId).executeTakeFirst();
  if (!inst) throw notFound();
  const [nodeStates, tasks, records, copies] = await Promise.all([
    ctx.db.selectFrom('flowNodeStates').selectAll().where('instanceId', '=', instanceId).orderBy('createdSeq').orderBy('id').execute(),
    ctx.db
      .selectFrom('flowTasks as t')
      .innerJoin('users as u', 'u.id', 't.handlerId')
      .selectAll('t')
      .select('u.realName as handlerName')
      .where('t.instanceId', '=', instanceId)
      .orderBy('t.createdSeq')
      .orderBy('t.sortCode')
      .execute(),
    ctx.db
      .selectFrom('flowRecords as r')
      .leftJoin('users as u', 'u.id', 'r.actorId')
      .selectAll('r')
      .select('u.realName as actorName')
      .where('r.instanceId', '=', instanceId)
      .orderBy('r.seq')
      .orderBy('r.createdAt')
      .execute(),
    ctx.db.selectFrom('flowCopies').select(['userId', 'nodeId', 'nodeName', 'createdAt']).where('instanceId', '=', instanceId).execute(),
  ]);
  const me = caller.userId;
  const involved =
    caller.isAdministrator ||
    inst.starterId === me ||
    tasks.some((t) => t.handlerId === me || t.delegatorId === me) ||
    copies.some((c) => c.userId === me);
  if (!involved) throw forbidden();

  const graph = await versionGraph(ctx.db, inst.versionId);
  const myTask =
    inst.status === FlowStatus.waiting ? (tasks.find((t) => t.handlerId === me && t.status === TaskStatus.waiting) ?? null) : null;
  const node = myTask ? graph.nodes.find((n) => n.id === myTask.nodeId) : graph.nodes.find((n) => n.type === 'start');
  const fieldPermissions: FieldPermission[] = node && (node.type === 'approver' || node.type === 'start') ? node.fieldPermissions : [];
  const { activeKey: _activeKey, ...instance } = inst;
  return {
    instance,
    graph,
    nodeStates,
    tasks,
    records: records.map((r) => ({ ...r, attachments: r.attachments ? (JSON.parse(r.attachments) as unknown[]) : [] })),
    copies,
    myTask,
    fieldPermissions,
  };
}
