import { FlowAction, FlowStatus, type SubFlowNode } from '@medalliance/contract';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { adapterFor, openRun } from './action-support.ts';
import { resolveAssignee } from './approvers.ts';
import { versionGraph } from './definitions.service.ts';
import {
  addRecord,
  closeAllOpen,
  closeNodeState,
  endInstance,
  insertNodeState,
  leave,
  makeRun,
  settle,
  SYSTEM_ACTOR,
  type InstanceRow,
  type Run,
} from './engine.ts';
import './messages.ts';

/**
 * Sub-flow nodes (issue 15; definition.ts subFlowNode). Entering one creates,
 * in the action's transaction, one record of the child flow's form per
 * initiator (mapped from the parent's values through the child form's
 * adapter), submits it into the child flow (its first approvers get their
 * to-do messages) and links child to parent (flow_subflows).
 *
 * A child ending resumes its parent: the child's action then locks the parent
 * row (seq bump, like every action), so two children ending at once are
 * counted one after the other and the parent node passes exactly once. Locks
 * are always taken child first, then parent (the monitor's cancel locks the
 * children before the parent for the same reason), so the two paths cannot
 * deadlock on PostgreSQL. The engine's resuming is not a person's action: a
 * suspended parent is resumed all the same.
 */

/** Takes a waiting instance for the engine's own work (no suspension check); null when it is no longer waiting. */
async function lockWaiting(trx: Db, instanceId: string, at: number): Promise<InstanceRow | null> {
  const res = await trx
    .updateTable('flowInstances')
    .set((eb) => ({ seq: eb('seq', '+', 1), updatedAt: at }))
    .where('id', '=', instanceId)
    .where('status', '=', FlowStatus.waiting)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  return trx.selectFrom('flowInstances').selectAll().where('id', '=', instanceId).executeTakeFirstOrThrow();
}

/** The parameters of one new instance (a submitted form record, or a sub-flow's child). */
export interface NewInstance {
  flow: { id: string; fullName: string; formKind: string; formId: string; currentVersionId: string };
  recordId: string;
  values: Record<string, unknown>;
  starterId: string;
  title: string;
  urgency: number;
  chosen: Record<string, string[]>;
  at: number;
}

/**
 * Inserts an instance and runs it from its start node to its first waiting
 * nodes (or its end): the submit record, the form told 1 (waiting), the
 * current step names. Unique running flow per record: a second one throws
 * the database's unique violation (the caller maps it).
 */
export async function launchInstance(trx: Db, n: NewInstance, outbox: Run['outbox']): Promise<Run> {
  const adapter = adapterFor(n.flow.formKind);
  const graph = await versionGraph(trx, n.flow.currentVersionId);
  const inst: InstanceRow = {
    id: newId(),
    flowId: n.flow.id,
    versionId: n.flow.currentVersionId,
    formKind: n.flow.formKind,
    formId: n.flow.formId,
    recordId: n.recordId,
    title: n.title.slice(0, 200),
    urgency: n.urgency,
    status: FlowStatus.waiting,
    starterId: n.starterId,
    currentNodes: '',
    activeKey: `${n.flow.formKind}:${n.flow.formId}:${n.recordId}`,
    seq: 1,
    startedAt: n.at,
    endedAt: null,
    updatedAt: n.at,
  };
  await trx.insertInto('flowInstances').values(inst).execute();
  const run = makeRun(trx, inst, graph, adapter, 1, n.at, n.values, n.chosen, outbox);
  const start = graph.nodes.find((x) => x.type === 'start')!;
  await insertNodeState(run, start.id, 'start', start.name, FlowStatus.adopted);
  await addRecord(run, { nodeId: start.id, nodeName: start.name, action: FlowAction.submit, actorId: n.starterId });
  await leave(run, start.id);
  // Told once the first nodes are in place (a refused submit never reaches the form), before an all-auto-passed flow ends.
  await adapter.onStateChange(trx, inst.formId, inst.recordId, FlowStatus.waiting);
  await settle(run);
  return run;
}

/** The parent's values the mapping names, under the child's field names. */
export function mappedValues(node: SubFlowNode, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of node.mapping) if (m.parentField in values) out[m.childField] = values[m.parentField];
  return out;
}

/** A sub-flow node is entered: its children start; async passes at once, sync waits unless every child already ended. */
export async function enterSubFlow(run: Run, node: SubFlowNode): Promise<void> {
  const flow = await run.trx.selectFrom('flowDefinitions').selectAll().where('id', '=', node.flowId).executeTakeFirst();
  if (!flow) throw badRequest('workflow.subFlowUnknown', { node: node.name });
  if (flow.enabledMark !== 1) throw badRequest('workflow.subFlowDisabled', { node: node.name });
  if (flow.id === run.inst.flowId) throw badRequest('workflow.subFlowCycle', { node: node.name });
  const adapter = adapterFor(flow.formKind);
  if (!adapter.createRecord) throw badRequest('workflow.subFlowForm', { node: node.name });
  const starters = await resolveAssignee(run.trx, node.initiator, {
    instanceId: run.inst.id,
    starterId: run.inst.starterId,
    nodeId: node.id,
    values: run.values,
    chosen: run.chosen,
  });
  if (!starters.length) throw badRequest('workflow.subFlowNoStarter', { node: node.name });
  const stateId = await insertNodeState(run, node.id, 'subFlow', node.name, FlowStatus.waiting);
  const values = mappedValues(node, run.values);
  let running = 0;
  for (const starterId of starters) {
    const recordId = await adapter.createRecord(run.trx, flow.formId, values, starterId);
    const childValues = (await adapter.loadValues(run.trx, flow.formId, recordId)) ?? values;
    const child = await launchInstance(
      run.trx,
      {
        flow,
        recordId,
        values: childValues,
        starterId,
        title: `${run.inst.title} · ${flow.fullName}`,
        urgency: run.inst.urgency,
        chosen: {},
        at: run.at,
      },
      run.outbox,
    );
    // Linked after the child's first steps: a child that ended at once (every node auto-passed) is counted here.
    await run.trx
      .insertInto('flowSubflows')
      .values({
        childInstanceId: child.inst.id,
        parentInstanceId: run.inst.id,
        parentNodeStateId: stateId,
        parentNodeId: node.id,
        mode: node.mode,
        createdAt: run.at,
      })
      .execute();
    await addRecord(run, {
      nodeId: node.id,
      nodeName: node.name,
      action: FlowAction.subFlowStart,
      actorId: starterId,
      target: child.inst.id,
    });
    if (child.inst.status === FlowStatus.waiting) running++;
    else
      await addRecord(run, {
        nodeId: node.id,
        nodeName: node.name,
        action: FlowAction.subFlowEnd,
        actorId: SYSTEM_ACTOR,
        target: child.inst.id,
      });
  }
  if (node.mode === 'async' || running === 0) {
    await closeNodeState(run, stateId, FlowStatus.adopted);
    await leave(run, node.id);
  }
}

/**
 * An instance ended (endInstance): when it is the child of a sub-flow node,
 * its parent is told. The parent's trail gets "sub-flow finished"; a sync
 * node still waiting passes once no child of it runs any more, or, when this
 * child was not adopted, the parent is rejected back to its starter and the
 * node's other children are cancelled. Skipped while the parent itself is
 * cancelling its children.
 */
export async function childEnded(run: Run, status: FlowStatus): Promise<void> {
  if (run.cascading) return;
  const link = await run.trx.selectFrom('flowSubflows').selectAll().where('childInstanceId', '=', run.inst.id).executeTakeFirst();
  if (!link) return;
  const parent = await lockWaiting(run.trx, link.parentInstanceId, run.at);
  if (!parent) return;
  const pr = await openRun(run.trx, parent, run.at, run.outbox);
  const node = pr.ix.nodes.get(link.parentNodeId);
  const nodeName = node?.name ?? link.parentNodeId;
  await addRecord(pr, { nodeId: link.parentNodeId, nodeName, action: FlowAction.subFlowEnd, actorId: SYSTEM_ACTOR, target: run.inst.id });
  if (link.mode !== 'sync') return;
  const state = await run.trx.selectFrom('flowNodeStates').select('status').where('id', '=', link.parentNodeStateId).executeTakeFirst();
  if (state?.status !== FlowStatus.waiting) return;
  if (status !== FlowStatus.adopted) {
    // Everything open closes (the node's other children are cancelled with it); the node itself reads rejected.
    await closeAllOpen(pr);
    await run.trx.updateTable('flowNodeStates').set({ status: FlowStatus.rejected }).where('id', '=', link.parentNodeStateId).execute();
    await endInstance(pr, FlowStatus.rejected);
    return;
  }
  const still = await run.trx
    .selectFrom('flowSubflows as l')
    .innerJoin('flowInstances as i', 'i.id', 'l.childInstanceId')
    .select('l.childInstanceId')
    .where('l.parentNodeStateId', '=', link.parentNodeStateId)
    .where('i.status', '=', FlowStatus.waiting)
    .limit(1)
    .executeTakeFirst();
  if (still) return;
  await closeNodeState(pr, link.parentNodeStateId, FlowStatus.adopted);
  await leave(pr, link.parentNodeId);
  await settle(pr);
}

/**
 * Cancels running children of the instance (all of them, or those of the
 * given node states) with their own children, recorded as cancelled by
 * `actorId`; each child's starter is told.
 */
export async function cancelChildren(run: Run, actorId: string, nodeStateIds?: string[]): Promise<void> {
  if (nodeStateIds && !nodeStateIds.length) return;
  let q = run.trx
    .selectFrom('flowSubflows as l')
    .innerJoin('flowInstances as i', 'i.id', 'l.childInstanceId')
    .select('l.childInstanceId')
    .where('l.parentInstanceId', '=', run.inst.id)
    .where('i.status', '=', FlowStatus.waiting);
  if (nodeStateIds) q = q.where('l.parentNodeStateId', 'in', nodeStateIds);
  for (const { childInstanceId } of await q.orderBy('l.createdAt').orderBy('l.childInstanceId').execute()) {
    const child = await lockWaiting(run.trx, childInstanceId, run.at);
    if (!child) continue;
    const cr = await openRun(run.trx, child, run.at, run.outbox);
    cr.cascading = true;
    const start = cr.graph.nodes.find((n) => n.type === 'start')!;
    await closeAllOpen(cr, actorId);
    await addRecord(cr, { nodeId: start.id, nodeName: start.name, action: FlowAction.cancel, actorId });
    await endInstance(cr, FlowStatus.cancelled, actorId);
    await cancelChildren(cr, actorId);
  }
}

/**
 * Takes the rows of every running descendant of an instance, deepest first,
 * before the instance itself is locked: the same child-then-parent order a
 * child's ending takes, so a monitor's cancel and a child's last approval
 * racing cannot deadlock. A no-op write is what takes the row lock.
 */
export async function lockDescendants(trx: Db, instanceId: string): Promise<void> {
  const levels: string[][] = [];
  let frontier = [instanceId];
  for (let depth = 0; depth < 10 && frontier.length; depth++) {
    const rows = await trx
      .selectFrom('flowSubflows as l')
      .innerJoin('flowInstances as i', 'i.id', 'l.childInstanceId')
      .select('l.childInstanceId')
      .where('l.parentInstanceId', 'in', frontier)
      .where('i.status', '=', FlowStatus.waiting)
      .execute();
    frontier = rows.map((r) => r.childInstanceId);
    if (frontier.length) levels.push(frontier);
  }
  for (const ids of levels.reverse())
    await trx
      .updateTable('flowInstances')
      .set((eb) => ({ seq: eb.ref('seq') }))
      .where('id', 'in', ids)
      .execute();
}

/** The waiting sub-flow node states of an instance (closeAllOpen cancels their children). */
export async function waitingSubFlowStates(trx: Db, instanceId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('flowNodeStates')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('status', '=', FlowStatus.waiting)
    .where('nodeType', '=', 'subFlow')
    .execute();
  return rows.map((r) => r.id);
}
