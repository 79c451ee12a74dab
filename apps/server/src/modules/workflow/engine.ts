import {
  evaluateConditionGroup,
  FlowAction,
  FlowStatus,
  indexGraph,
  TaskStatus,
  timeoutMs,
  type ApproverNode,
  type FlowGraph,
  type TimerNode,
  type GraphIndex,
} from '@medalliance/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { FlowInstanceTable, FlowTaskTable } from '../../db/tables/workflow.ts';
import { badRequest } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { administrators, delegatesOf, enabledUsers, resolveAssignee } from './approvers.ts';
import type { FlowFormAdapter } from './form-adapters.ts';
import { copyMessage, resultMessage, todoMessage, type FlowMessage } from './notify.ts';
import { cancelChildren, childEnded, enterSubFlow, waitingSubFlowStates } from './subflow.ts';

export type InstanceRow = Selectable<FlowInstanceTable>;

/** The actor id the engine writes for what it does on its own (auto-pass). */
export const SYSTEM_ACTOR = 'system';

/**
 * One action in progress on one instance, inside its transaction: `seq` is
 * the action's number (flow_instances.seq after the bump), stamped on every
 * node state, task, copy and record the action creates, opens or closes.
 */
export interface Run {
  trx: Db;
  inst: InstanceRow;
  graph: FlowGraph;
  ix: GraphIndex;
  adapter: FlowFormAdapter;
  seq: number;
  at: number;
  values: Record<string, unknown>;
  chosen: Record<string, string[]>;
  reachedEnd: boolean;
  /** System messages of this action, stored in its transaction and pushed after commit (notify.ts). */
  outbox: FlowMessage[];
  /** Set on a child its parent is cancelling (subflow.ts): its end does not resume the parent. */
  cascading?: boolean;
}

export function makeRun(
  trx: Db,
  inst: InstanceRow,
  graph: FlowGraph,
  adapter: FlowFormAdapter,
  seq: number,
  at: number,
  values: Record<string, unknown>,
  chosen: Record<string, string[]>,
  outbox: FlowMessage[] = [],
): Run {
  return { trx, inst, graph, ix: indexGraph(graph), adapter, seq, at, values, chosen, reachedEnd: false, outbox };
}

/** Tells the handler of a task that just opened (a to-do message). */
export function notifyTodo(run: Run, taskId: string, handlerId: string): void {
  run.outbox.push(todoMessage(run.inst.id, run.inst.title, taskId, handlerId));
}

/** Moves on from a node along its single outgoing edge (start, approver, join). */
export async function leave(run: Run, nodeId: string): Promise<void> {
  const edge = run.ix.out.get(nodeId)?.[0];
  if (edge) await enter(run, edge.target);
}

/** Arrives at a node: routing nodes pass at once, approver nodes get tasks, the end ends. */
export async function enter(run: Run, nodeId: string): Promise<void> {
  const node = run.ix.nodes.get(nodeId);
  if (!node) throw new Error(`workflow: node ${nodeId} is not in the graph`);
  switch (node.type) {
    case 'start':
      throw new Error('workflow: an edge leads back to the start');
    case 'end':
      run.reachedEnd = true;
      return;
    case 'condition': {
      const outs = run.ix.out.get(node.id)!;
      const taken =
        outs.find((e) => !e.isDefault && e.condition && evaluateConditionGroup(e.condition, run.values)) ?? outs.find((e) => e.isDefault);
      if (!taken) throw new Error(`workflow: condition ${node.id} has no default branch`);
      await enter(run, taken.target);
      return;
    }
    case 'parallel':
      for (const e of run.ix.out.get(node.id)!) await enter(run, e.target);
      return;
    case 'join':
      await arriveAtJoin(run, node.id, node.name);
      return;
    case 'approver':
      await activateApprover(run, node);
      return;
    case 'timer':
      await startTimer(run, node);
      return;
    case 'subFlow':
      await enterSubFlow(run, node);
      return;
  }
}

/** A timer node waits: a waiting node state and its due time; the due pass (timeouts.service.ts) moves on. */
async function startTimer(run: Run, node: TimerNode): Promise<void> {
  const stateId = await insertNodeState(run, node.id, 'timer', node.name, FlowStatus.waiting);
  await run.trx
    .insertInto('flowTimers')
    .values({ nodeStateId: stateId, instanceId: run.inst.id, nodeId: node.id, dueAt: run.at + timeoutMs(node.delay) })
    .execute();
}

/**
 * A branch arrives at a join: one waiting node-state row per arrival. When all
 * branches of its split have arrived the arrivals close and the flow goes on.
 * The instance row is locked for the whole action, so two branches finishing
 * at once are counted one after the other.
 */
async function arriveAtJoin(run: Run, joinId: string, name: string): Promise<void> {
  await insertNodeState(run, joinId, 'join', name, FlowStatus.waiting);
  const split = run.graph.nodes.find((n) => n.type === 'parallel' && n.joinId === joinId);
  const expected = split ? run.ix.out.get(split.id)!.length : 1;
  const arrived = await run.trx
    .selectFrom('flowNodeStates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('instanceId', '=', run.inst.id)
    .where('nodeId', '=', joinId)
    .where('status', '=', FlowStatus.waiting)
    .executeTakeFirstOrThrow();
  if (Number(arrived.n) < expected) return;
  await run.trx
    .updateTable('flowNodeStates')
    .set({ status: FlowStatus.adopted, closedSeq: run.seq, closedAt: run.at })
    .where('instanceId', '=', run.inst.id)
    .where('nodeId', '=', joinId)
    .where('status', '=', FlowStatus.waiting)
    .execute();
  await leave(run, joinId);
}

export async function insertNodeState(run: Run, nodeId: string, nodeType: string, nodeName: string, status: number): Promise<string> {
  const id = newId();
  const closed = status !== FlowStatus.waiting;
  await run.trx
    .insertInto('flowNodeStates')
    .values({
      id,
      instanceId: run.inst.id,
      nodeId,
      nodeType,
      nodeName,
      status,
      createdSeq: run.seq,
      closedSeq: closed ? run.seq : null,
      createdAt: run.at,
      closedAt: closed ? run.at : null,
    })
    .execute();
  return id;
}

export async function addRecord(
  run: Run,
  r: {
    nodeId: string;
    nodeName: string;
    action: FlowAction;
    actorId: string;
    taskId?: string | null;
    target?: string | null;
    opinion?: string;
    signatureFileId?: string | null;
    attachments?: unknown[];
  },
): Promise<void> {
  await run.trx
    .insertInto('flowRecords')
    .values({
      id: newId(),
      instanceId: run.inst.id,
      seq: run.seq,
      nodeId: r.nodeId,
      nodeName: r.nodeName,
      taskId: r.taskId ?? null,
      action: r.action,
      actorId: r.actorId,
      target: r.target ?? null,
      opinion: r.opinion ?? '',
      signatureFileId: r.signatureFileId ?? null,
      attachments: r.attachments?.length ? JSON.stringify(r.attachments) : null,
      createdAt: run.at,
    })
    .execute();
}

/** An approver node becomes active: find its approvers (or apply its nobody-found rule) and open their tasks. */
async function activateApprover(run: Run, node: ApproverNode): Promise<void> {
  let users = await resolveAssignee(run.trx, node.assignee, {
    instanceId: run.inst.id,
    starterId: run.inst.starterId,
    nodeId: node.id,
    values: run.values,
    chosen: run.chosen,
  });
  if (!users.length) {
    if (node.noApprover === 'autoPass') {
      await insertNodeState(run, node.id, 'approver', node.name, FlowStatus.adopted);
      await addRecord(run, { nodeId: node.id, nodeName: node.name, action: FlowAction.autoPass, actorId: SYSTEM_ACTOR });
      await leave(run, node.id);
      return;
    }
    if (node.noApprover === 'admin') users = await administrators(run.trx);
    if (!users.length) throw badRequest('workflow.noApprover', { node: node.name });
  }
  const stateId = await insertNodeState(run, node.id, 'approver', node.name, FlowStatus.waiting);
  const sequential = node.sign.mode === 'sequential';
  const dueAt = node.timeout ? run.at + timeoutMs(node.timeout) : null;
  const seen = new Set<string>();
  const rows: Insertable<FlowTaskTable>[] = [];
  const delegates = await delegatesOf(run.trx, users, run.inst.flowId, run.at);
  for (const [i, userId] of users.entries()) {
    const delegate = delegates.get(userId) ?? null;
    const handlerId = delegate ?? userId;
    if (seen.has(handlerId)) continue; // a delegate holding two approvers' tasks still signs once
    seen.add(handlerId);
    const open = !sequential || rows.length === 0;
    rows.push({
      id: newId(),
      instanceId: run.inst.id,
      nodeStateId: stateId,
      nodeId: node.id,
      nodeName: node.name,
      handlerId,
      delegatorId: delegate ? userId : null,
      status: open ? TaskStatus.waiting : TaskStatus.queued,
      sortCode: i,
      createdSeq: run.seq,
      openedSeq: open ? run.seq : null,
      closedSeq: null,
      createdAt: run.at,
      openedAt: open ? run.at : null,
      dueAt: open ? dueAt : null,
      dueAction: node.timeout?.action ?? null,
      handledAt: null,
    });
  }
  await run.trx.insertInto('flowTasks').values(rows).execute();
  for (const r of rows) if (r.status === TaskStatus.waiting) notifyTodo(run, r.id as string, r.handlerId as string);
}

export type Decision = 'pass' | 'reject' | 'pending';

const isOpen = (status: number) => status === TaskStatus.waiting || status === TaskStatus.queued;

/**
 * Where a node stands after one of its tasks was decided: `or` the first
 * action decides; `countersign` passes once ratio % approved and fails once
 * that share is out of reach; `sequential` needs everyone, in order (the next
 * queued task opens here).
 *
 * Added signers (add-signer.service.ts) sit beside the node's own approvers:
 * the sign rule counts only the node's own tasks; one added signer rejecting
 * rejects the node; a task waiting for its `before` signers (held queued)
 * reopens once all of them approved; and the node passes only when no added
 * signer is still open. One statement reads the node's tasks with their link.
 */
export async function decideNode(run: Run, node: ApproverNode, nodeStateId: string): Promise<Decision> {
  const tasks = await run.trx
    .selectFrom('flowTasks as t')
    .leftJoin('flowTaskSigners as s', 's.taskId', 't.id')
    .select(['t.id', 't.status', 't.handlerId', 's.parentTaskId', 's.position'])
    .where('t.nodeStateId', '=', nodeStateId)
    .where('t.status', '!=', TaskStatus.cancelled)
    .orderBy('t.sortCode')
    .orderBy('t.createdSeq')
    .orderBy('t.id')
    .execute();
  const added = tasks.filter((t) => t.parentTaskId !== null);
  if (added.some((t) => t.status === TaskStatus.rejected)) return 'reject';
  const holders = new Set(added.filter((t) => t.position === 'before').map((t) => t.parentTaskId));
  const stillHeld = new Set(added.filter((t) => t.position === 'before' && isOpen(t.status)).map((t) => t.parentTaskId));
  const own = tasks.filter((t) => t.parentTaskId === null);
  for (const t of own) {
    if (t.status !== TaskStatus.queued || !holders.has(t.id) || stillHeld.has(t.id)) continue;
    // Every signer added before this task approved: it is the holder's turn again.
    await openTask(run, node, t.id);
    t.status = TaskStatus.waiting;
    notifyTodo(run, t.id, t.handlerId);
  }
  const addedOpen = added.some((t) => isOpen(t.status));
  const agree = own.filter((t) => t.status === TaskStatus.adopted).length;
  const reject = own.filter((t) => t.status === TaskStatus.rejected).length;
  const open = own.filter((t) => isOpen(t.status));
  let decision: Decision;
  switch (node.sign.mode) {
    case 'or':
      decision = agree > 0 ? 'pass' : reject > 0 ? 'reject' : 'pending';
      break;
    case 'countersign': {
      const required = Math.max(1, Math.ceil((own.length * node.sign.ratio) / 100));
      decision = agree >= required ? 'pass' : agree + open.length < required ? 'reject' : 'pending';
      break;
    }
    case 'sequential': {
      if (reject > 0) return 'reject';
      decision = open.length ? 'pending' : 'pass';
      const next = open[0];
      // The next in line opens once nobody added to an earlier one is still signing.
      if (next && next.status === TaskStatus.queued && !addedOpen && !holders.has(next.id)) {
        await openTask(run, node, next.id);
        notifyTodo(run, next.id, next.handlerId);
      }
      break;
    }
  }
  return decision === 'pass' && addedOpen ? 'pending' : decision;
}

/** A queued task becomes waiting (its turn came), with the node's due time from now. */
async function openTask(run: Run, node: ApproverNode, taskId: string): Promise<void> {
  const dueAt = node.timeout ? run.at + timeoutMs(node.timeout) : null;
  await run.trx
    .updateTable('flowTasks')
    .set({ status: TaskStatus.waiting, openedSeq: run.seq, openedAt: run.at, dueAt })
    .where('id', '=', taskId)
    .where('status', '=', TaskStatus.queued)
    .execute();
}

/** Closes a node state and its still-open tasks (cancelled: decided by others). */
export async function closeNodeState(run: Run, nodeStateId: string, status: FlowStatus): Promise<void> {
  await run.trx.updateTable('flowNodeStates').set({ status, closedSeq: run.seq, closedAt: run.at }).where('id', '=', nodeStateId).execute();
  await run.trx
    .updateTable('flowTasks')
    .set({ status: TaskStatus.cancelled, closedSeq: run.seq })
    .where('nodeStateId', '=', nodeStateId)
    .where('status', 'in', [TaskStatus.waiting, TaskStatus.queued])
    .execute();
}

/** The node passed: copies go out, the flow moves on. */
export async function passNode(run: Run, node: ApproverNode, nodeStateId: string): Promise<void> {
  await closeNodeState(run, nodeStateId, FlowStatus.adopted);
  if (node.copyTo) await copyTo(run, node);
  await leave(run, node.id);
}

async function copyTo(run: Run, node: ApproverNode): Promise<void> {
  const c = node.copyTo!;
  const groups = [...c.positionIds.map((id) => ['Position', id] as const), ...c.roleIds.map((id) => ['Role', id] as const)];
  const fromGroups = groups.length
    ? await run.trx
        .selectFrom('userRelations')
        .select('userId')
        .where((eb) => eb.or(groups.map(([type, id]) => eb.and([eb('objectType', '=', type), eb('objectId', '=', id)]))))
        .execute()
    : [];
  const users = await enabledUsers(run.trx, [...c.userIds, ...fromGroups.map((r) => r.userId)]);
  if (!users.length) return;
  run.outbox.push(copyMessage(run.inst.id, run.inst.title, users));
  await run.trx
    .insertInto('flowCopies')
    .values(
      users.map((userId) => ({
        id: newId(),
        instanceId: run.inst.id,
        nodeId: node.id,
        nodeName: node.name,
        userId,
        seq: run.seq,
        createdAt: run.at,
      })),
    )
    .execute();
}

/**
 * Closes every waiting node state and open task of the instance (reject,
 * revoke, cancel); the running children of its waiting sub-flow nodes are
 * cancelled by `actorId`.
 */
export async function closeAllOpen(run: Run, actorId: string = SYSTEM_ACTOR): Promise<void> {
  const subFlows = await waitingSubFlowStates(run.trx, run.inst.id);
  await run.trx
    .updateTable('flowNodeStates')
    .set({ status: FlowStatus.cancelled, closedSeq: run.seq, closedAt: run.at })
    .where('instanceId', '=', run.inst.id)
    .where('status', '=', FlowStatus.waiting)
    .execute();
  await run.trx
    .updateTable('flowTasks')
    .set({ status: TaskStatus.cancelled, closedSeq: run.seq })
    .where('instanceId', '=', run.inst.id)
    .where('status', 'in', [TaskStatus.waiting, TaskStatus.queued])
    .execute();
  await cancelChildren(run, actorId, subFlows);
}

/** Ends the instance in a final state and tells the form, and the starter unless they ended it themselves. */
export async function endInstance(run: Run, status: FlowStatus, actorId?: string): Promise<void> {
  await run.trx
    .updateTable('flowInstances')
    .set({ status, endedAt: run.at, currentNodes: '', activeKey: null, updatedAt: run.at })
    .where('id', '=', run.inst.id)
    .execute();
  run.inst = { ...run.inst, status, endedAt: run.at, currentNodes: '', activeKey: null };
  await run.adapter.onStateChange(run.trx, run.inst.formId, run.inst.recordId, status);
  if (actorId !== run.inst.starterId) run.outbox.push(resultMessage(run.inst.id, run.inst.title, status, run.inst.starterId));
  // A flow stopped short takes its still-running children (async ones too) with it; a child's end tells its parent.
  if (status !== FlowStatus.adopted) await cancelChildren(run, actorId ?? SYSTEM_ACTOR);
  await childEnded(run, status);
}

/** After an action: the end reached makes the instance adopted; otherwise the current step names are refreshed. */
export async function settle(run: Run): Promise<void> {
  if (run.reachedEnd) {
    await endInstance(run, FlowStatus.adopted);
    return;
  }
  const waiting = await run.trx
    .selectFrom('flowNodeStates')
    .select(['nodeName', 'nodeType'])
    .where('instanceId', '=', run.inst.id)
    .where('status', '=', FlowStatus.waiting)
    .orderBy('createdSeq')
    .orderBy('id')
    .execute();
  if (!waiting.length) throw new Error(`workflow: instance ${run.inst.id} has nothing waiting and did not reach the end`);
  const names = [
    ...new Set(
      waiting.filter((w) => w.nodeType === 'approver' || w.nodeType === 'timer' || w.nodeType === 'subFlow').map((w) => w.nodeName),
    ),
  ]
    .join(',')
    .slice(0, 500);
  await run.trx.updateTable('flowInstances').set({ currentNodes: names, updatedAt: run.at }).where('id', '=', run.inst.id).execute();
}
