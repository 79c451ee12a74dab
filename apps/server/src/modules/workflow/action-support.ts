import { FlowStatus, TaskStatus, type ApproverNode, type FlowAction } from '@medalliance/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { versionGraph } from './definitions.service.ts';
import type { FlowTaskTable } from '../../db/tables/workflow.ts';
import { newId } from '../../lib/ids.ts';
import { addRecord, makeRun, notifyTodo, SYSTEM_ACTOR, type InstanceRow, type Run } from './engine.ts';
import { flowFormAdapter } from './form-adapters.ts';
import type { FlowMessage } from './notify.ts';

/** What every engine action shares: taking the instance, opening its run, finding and closing the caller's task. */
export interface ActionResult {
  instanceId: string;
  status: FlowStatus;
}

export function adapterFor(kind: string) {
  const adapter = flowFormAdapter(kind);
  if (!adapter) throw badRequest('workflow.formUnknown', { kind });
  return adapter;
}

/**
 * Takes the instance for one action: bumps its seq while it is waiting (the
 * row lock that queues every other action on it), then reads it with its
 * suspension in one statement, which runs after the lock was granted and so
 * sees a suspension committed meanwhile. Refuses 404 unknown, 409 suspended,
 * 409 `notWaitingKey` when it has ended (the transaction rolls the bump back).
 */
export async function lockInstance(trx: Db, instanceId: string, at: number, notWaitingKey = 'workflow.notWaiting'): Promise<InstanceRow> {
  const res = await trx
    .updateTable('flowInstances')
    .set((eb) => ({ seq: eb('seq', '+', 1), updatedAt: at }))
    .where('id', '=', instanceId)
    .where('status', '=', FlowStatus.waiting)
    .executeTakeFirst();
  const row = await trx
    .selectFrom('flowInstances as i')
    .leftJoin('flowSuspensions as s', 's.instanceId', 'i.id')
    .selectAll('i')
    .select('s.instanceId as suspendedId')
    .where('i.id', '=', instanceId)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (Number(res.numUpdatedRows) !== 1) throw conflict(notWaitingKey);
  const { suspendedId, ...inst } = row;
  if (suspendedId !== null) throw conflict('workflow.suspended');
  return inst;
}

export async function openRun(
  trx: Db,
  inst: InstanceRow,
  at: number,
  outbox: FlowMessage[],
  chosen: Record<string, string[]> = {},
): Promise<Run> {
  const adapter = adapterFor(inst.formKind);
  const graph = await versionGraph(trx, inst.versionId);
  const values = (await adapter.loadValues(trx, inst.formId, inst.recordId)) ?? {};
  return makeRun(trx, inst, graph, adapter, inst.seq, at, values, chosen, outbox);
}

/** A person acting on their own tasks, or the engine acting on an overdue one (node timeouts). */
export type Actor = { userId: string } | { engine: true };
export const actorId = (a: Actor) => ('userId' in a ? a.userId : SYSTEM_ACTOR);

/** The task, which must be the caller's. */
export async function ownTask(trx: Db, taskId: string, userId: string) {
  return taskFor(trx, taskId, { userId }, 0);
}

/** The task the actor may decide: a person's own, or for the engine one overdue with that timeout action. */
export async function taskFor(trx: Db, taskId: string, actor: Actor, at: number, dueAction?: string) {
  const task = await trx.selectFrom('flowTasks').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) throw notFound();
  if ('userId' in actor) {
    if (task.handlerId !== actor.userId) throw forbidden();
  } else if (task.status !== TaskStatus.waiting || task.dueAt === null || task.dueAt > at || task.dueAction !== dueAction) {
    throw conflict('workflow.taskHandled');
  }
  return task;
}

/** Moves a waiting task to its outcome, or refuses when somebody else got there first. */
export async function closeTask(run: Run, taskId: string, status: TaskStatus): Promise<void> {
  const res = await run.trx
    .updateTable('flowTasks')
    .set({ status, closedSeq: run.seq, handledAt: run.at })
    .where('id', '=', taskId)
    .where('status', '=', TaskStatus.waiting)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict('workflow.taskHandled');
}

export function approverNode(run: Run, nodeId: string): ApproverNode {
  const node = run.ix.nodes.get(nodeId);
  if (!node || node.type !== 'approver') throw new Error(`workflow: task on ${nodeId}, which is not an approver node`);
  return node;
}

export const result = (run: Run): ActionResult => ({ instanceId: run.inst.id, status: run.inst.status as FlowStatus });

/** May this user start the flow? Anyone when the flow names nobody. */
export async function mayStart(trx: Db, flowId: string, userId: string): Promise<boolean> {
  const starters = await trx.selectFrom('flowStarters').select(['objectType', 'objectId']).where('flowId', '=', flowId).execute();
  if (!starters.length) return true;
  if (starters.some((s) => s.objectType === 'User' && s.objectId === userId)) return true;
  const groups = starters.filter((s) => s.objectType !== 'User');
  if (!groups.length) return false;
  const held = await trx
    .selectFrom('userRelations')
    .select('id')
    .where('userId', '=', userId)
    .where((eb) => eb.or(groups.map((g) => eb.and([eb('objectType', '=', g.objectType), eb('objectId', '=', g.objectId)]))))
    .limit(1)
    .executeTakeFirst();
  return !!held;
}

/**
 * Hands a task's work to another user (transfer by its holder, assign by the
 * monitor): a new waiting task like `task` for `toUser`, their to-do message,
 * and the record of who did it. Closing the old task is the caller's part.
 */
export async function handOver(
  run: Run,
  task: Selectable<FlowTaskTable>,
  toUser: string,
  /** The record names the old task (a transfer) or, without taskId, the new one (an assignment). */
  record: { action: FlowAction; actorId: string; opinion: string; taskId?: string },
): Promise<string> {
  const id = newId();
  await run.trx
    .insertInto('flowTasks')
    .values({
      ...task,
      id,
      handlerId: toUser,
      delegatorId: null,
      status: TaskStatus.waiting,
      createdSeq: run.seq,
      openedSeq: run.seq,
      closedSeq: null,
      createdAt: run.at,
      openedAt: run.at,
      handledAt: null,
    })
    .execute();
  notifyTodo(run, id, toUser);
  await addRecord(run, { ...record, nodeId: task.nodeId, nodeName: task.nodeName, target: toUser, taskId: record.taskId ?? id });
  return id;
}
