import {
  FlowAction,
  flowApproveBody,
  flowOpinionBody,
  flowRejectBody,
  flowStartBody,
  FlowStatus,
  flowTransferBody,
  nodesInParallel,
  upstreamOf,
  TaskStatus,
  type FlowApproveBody,
  type FlowOpinionBody,
  type FlowRejectBody,
  type FlowStartBody,
  type FlowTransferBody,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { now } from '../../lib/clock.ts';
import { enabledUsers } from './approvers.ts';
import { addRecord, closeAllOpen, decideNode, endInstance, enter, notifyTodo, passNode, settle, type Run } from './engine.ts';
import {
  actorId,
  adapterFor,
  approverNode,
  closeTask,
  handOver,
  lockInstance,
  mayStart,
  openRun,
  ownTask,
  result,
  taskFor,
  type ActionResult,
  type Actor,
} from './action-support.ts';
import { withMessages } from './notify.ts';
import { launchInstance, lockDescendants } from './subflow.ts';
import './messages.ts';

export type { ActionResult, Actor } from './action-support.ts';

/**
 * The engine's actions. Each runs in one transaction that first bumps the
 * instance's `seq` with `UPDATE ... WHERE status = waiting`: on PostgreSQL
 * that row lock queues every other action on the same instance until this
 * one commits (on SQLite the write lock does the same), so two approvers
 * acting at once are decided one after the other, each seeing the other's
 * vote; the task itself moves with a guarded `UPDATE ... WHERE status =
 * waiting` whose row count must be 1.
 */

const HUMAN_ACTIONS = [FlowAction.approve, FlowAction.reject, FlowAction.transfer, FlowAction.addSign];

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || /UNIQUE constraint failed/i.test(err?.message ?? '');
};

/** Submits a form record into a flow: the first approver nodes get their tasks. */
export async function startFlow(ctx: AppContext, input: FlowStartBody, starterId: string): Promise<ActionResult> {
  const body = flowStartBody.parse(input);
  const at = now();
  return withMessages(ctx, at, async (trx, outbox) => {
    const flow = await trx.selectFrom('flowDefinitions').selectAll().where('id', '=', body.flowId).executeTakeFirst();
    if (!flow) throw notFound('workflow.flowNotFound');
    if (flow.enabledMark !== 1) throw badRequest('workflow.flowDisabled');
    if (!(await mayStart(trx, flow.id, starterId))) throw forbidden();
    const adapter = adapterFor(flow.formKind);
    const values = await adapter.loadValues(trx, flow.formId, body.recordId);
    if (!values) throw notFound('workflow.recordNotFound');
    const activeKey = `${flow.formKind}:${flow.formId}:${body.recordId}`;
    const running = await trx.selectFrom('flowInstances').select('id').where('activeKey', '=', activeKey).executeTakeFirst();
    if (running) throw conflict('workflow.alreadyRunning');
    let run: Run;
    try {
      run = await launchInstance(
        trx,
        {
          flow,
          recordId: body.recordId,
          values,
          starterId,
          title: body.title || flow.fullName,
          urgency: body.urgency,
          chosen: body.chosenApprovers,
          at,
        },
        outbox,
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('workflow.alreadyRunning');
      throw e;
    }
    return result(run);
  });
}

/** Approves a task; the node passes by its sign rule and the flow moves on. */
export async function approveTask(ctx: AppContext, taskId: string, userId: string, input: FlowApproveBody = {}): Promise<ActionResult> {
  return approveAs(ctx, taskId, { userId }, input);
}

export async function approveAs(ctx: AppContext, taskId: string, actor: Actor, input: FlowApproveBody = {}): Promise<ActionResult> {
  const body = flowApproveBody.parse(input);
  const at = now();
  const userId = actorId(actor);
  return withMessages(ctx, at, async (trx, outbox) => {
    const task = await taskFor(trx, taskId, actor, at, 'approve');
    const inst = await lockInstance(trx, task.instanceId, at);
    const run = await openRun(trx, inst, at, outbox, body.chosenApprovers);
    await closeTask(run, task.id, TaskStatus.adopted);
    const node = approverNode(run, task.nodeId);
    if (body.formData && Object.keys(body.formData).length) {
      const writable = new Set(node.fieldPermissions.filter((p) => p.access === 'write').map((p) => p.field));
      const refused = Object.keys(body.formData).find((f) => !writable.has(f));
      if (refused !== undefined || !run.adapter.saveValues)
        throw badRequest('workflow.fieldNotWritable', { field: refused ?? Object.keys(body.formData)[0]! });
      await run.adapter.saveValues(trx, inst.formId, inst.recordId, body.formData);
      run.values = (await run.adapter.loadValues(trx, inst.formId, inst.recordId)) ?? {};
    }
    await addRecord(run, {
      nodeId: node.id,
      nodeName: node.name,
      action: FlowAction.approve,
      actorId: userId,
      taskId: task.id,
      opinion: body.opinion,
      signatureFileId: body.signatureFileId ?? null,
      attachments: body.attachments,
    });
    if ((await decideNode(run, node, task.nodeStateId)) === 'pass') await passNode(run, node, task.nodeStateId);
    await settle(run);
    return result(run);
  });
}

/**
 * Rejects a task. Once the node fails by its sign rule the flow goes back to
 * the starter (the instance ends rejected) or, when the node allows choosing,
 * to an earlier approver node this instance passed (outside parallel branches).
 */
export async function rejectTask(ctx: AppContext, taskId: string, userId: string, input: FlowRejectBody = {}): Promise<ActionResult> {
  return rejectAs(ctx, taskId, { userId }, input);
}

export async function rejectAs(ctx: AppContext, taskId: string, actor: Actor, input: FlowRejectBody = {}): Promise<ActionResult> {
  const body = flowRejectBody.parse(input);
  const at = now();
  const userId = actorId(actor);
  return withMessages(ctx, at, async (trx, outbox) => {
    const task = await taskFor(trx, taskId, actor, at, 'reject');
    const inst = await lockInstance(trx, task.instanceId, at);
    const run = await openRun(trx, inst, at, outbox);
    await closeTask(run, task.id, TaskStatus.rejected);
    const node = approverNode(run, task.nodeId);
    let previousHandlers: string[] = [];
    if (body.target !== 'starter') {
      const target = run.ix.nodes.get(body.target);
      const passed =
        target?.type === 'approver' &&
        node.rejectTo === 'choose' &&
        upstreamOf(run.graph, node.id).has(target.id) &&
        !nodesInParallel(run.graph).has(target.id)
          ? await trx
              .selectFrom('flowNodeStates')
              .select('id')
              .where('instanceId', '=', inst.id)
              .where('nodeId', '=', target.id)
              .where('status', '=', FlowStatus.adopted)
              .orderBy('createdSeq', 'desc')
              .limit(1)
              .executeTakeFirst()
          : undefined;
      if (!passed) throw badRequest('workflow.rejectTarget', { node: body.target });
      const handlers = await trx
        .selectFrom('flowTasks')
        .select('handlerId')
        .where('nodeStateId', '=', passed.id)
        .where('status', '=', TaskStatus.adopted)
        .orderBy('sortCode')
        .execute();
      previousHandlers = handlers.map((h) => h.handlerId);
    }
    await addRecord(run, {
      nodeId: node.id,
      nodeName: node.name,
      action: FlowAction.reject,
      actorId: userId,
      taskId: task.id,
      target: body.target,
      opinion: body.opinion,
      signatureFileId: body.signatureFileId ?? null,
      attachments: body.attachments,
    });
    if ((await decideNode(run, node, task.nodeStateId)) === 'reject') {
      await closeAllOpen(run, userId);
      if (body.target === 'starter') {
        await endInstance(run, FlowStatus.rejected, userId);
        return result(run);
      }
      // A `chosen` node gets again whoever handled it before.
      run.chosen = { [body.target]: previousHandlers };
      await enter(run, body.target);
    }
    await settle(run);
    return result(run);
  });
}

/** The starter takes the flow back, as long as no approver has acted. */
export async function revokeInstance(
  ctx: AppContext,
  instanceId: string,
  userId: string,
  input: FlowOpinionBody = {},
): Promise<ActionResult> {
  const body = flowOpinionBody.parse(input);
  const at = now();
  return withMessages(ctx, at, async (trx, outbox) => {
    const found = await trx.selectFrom('flowInstances').select('starterId').where('id', '=', instanceId).executeTakeFirst();
    if (!found) throw notFound();
    if (found.starterId !== userId) throw forbidden();
    await lockDescendants(trx, instanceId);
    const inst = await lockInstance(trx, instanceId, at);
    const acted = await trx
      .selectFrom('flowRecords')
      .select('id')
      .where('instanceId', '=', instanceId)
      .where('action', 'in', HUMAN_ACTIONS)
      .limit(1)
      .executeTakeFirst();
    if (acted) throw conflict('workflow.revokeActed');
    const run = await openRun(trx, inst, at, outbox);
    const start = run.graph.nodes.find((n) => n.type === 'start')!;
    await closeAllOpen(run, userId);
    await addRecord(run, { nodeId: start.id, nodeName: start.name, action: FlowAction.revoke, actorId: userId, opinion: body.opinion });
    await endInstance(run, FlowStatus.revoked, userId);
    return result(run);
  });
}

/**
 * An approver takes back their approval while nothing it led to has been
 * acted on: every node state and task the approval created or opened is
 * still open (or was closed by that same approval). What it created is
 * cancelled, what it closed is reopened, its copies are withdrawn.
 */
export async function recallTask(ctx: AppContext, taskId: string, userId: string, input: FlowOpinionBody = {}): Promise<ActionResult> {
  const body = flowOpinionBody.parse(input);
  const at = now();
  return withMessages(ctx, at, async (trx, outbox) => {
    const task = await ownTask(trx, taskId, userId);
    if (task.status !== TaskStatus.adopted || task.closedSeq === null) throw conflict('workflow.recallNotAdopted');
    const s = task.closedSeq;
    const inst = await lockInstance(trx, task.instanceId, at, 'workflow.recallTooLate');
    const touchedLater = await trx
      .selectFrom('flowNodeStates')
      .select('id')
      .where('instanceId', '=', inst.id)
      .where('createdSeq', '=', s)
      .where('closedSeq', 'is not', null)
      .where('closedSeq', '!=', s)
      .limit(1)
      .executeTakeFirst();
    const handledLater = await trx
      .selectFrom('flowTasks')
      .select('id')
      .where('instanceId', '=', inst.id)
      .where((eb) => eb.or([eb('createdSeq', '=', s), eb('openedSeq', '=', s)]))
      .where('closedSeq', 'is not', null)
      .where('id', '!=', task.id)
      .limit(1)
      .executeTakeFirst();
    // Sub-flows the approval started run on their own: it can no longer be taken back.
    const startedChild = await trx
      .selectFrom('flowRecords')
      .select('id')
      .where('instanceId', '=', inst.id)
      .where('seq', '=', s)
      .where('action', '=', FlowAction.subFlowStart)
      .limit(1)
      .executeTakeFirst();
    if (touchedLater || handledLater || startedChild) throw conflict('workflow.recallTooLate');
    const run = await openRun(trx, inst, at, outbox);
    const seq = run.seq;
    // What the approval created goes; what it opened waits again; what it closed reopens.
    await trx
      .updateTable('flowNodeStates')
      .set({ status: FlowStatus.cancelled, closedSeq: seq, closedAt: at })
      .where('instanceId', '=', inst.id)
      .where('createdSeq', '=', s)
      .execute();
    await trx
      .updateTable('flowTasks')
      .set({ status: TaskStatus.cancelled, closedSeq: seq })
      .where('instanceId', '=', inst.id)
      .where('createdSeq', '=', s)
      .execute();
    await trx
      .updateTable('flowTasks')
      .set({ status: TaskStatus.queued, openedSeq: null, openedAt: null, dueAt: null })
      .where('instanceId', '=', inst.id)
      .where('openedSeq', '=', s)
      .where('createdSeq', '<', s)
      .execute();
    await trx
      .updateTable('flowNodeStates')
      .set({ status: FlowStatus.waiting, closedSeq: null, closedAt: null })
      .where('instanceId', '=', inst.id)
      .where('closedSeq', '=', s)
      .where('createdSeq', '<', s)
      .execute();
    // Others whose open task the approval had closed (an or-sign node) hold it again: a to-do tells them.
    const reopened = await trx
      .selectFrom('flowTasks')
      .select(['id', 'handlerId'])
      .where('instanceId', '=', inst.id)
      .where('closedSeq', '=', s)
      .where('createdSeq', '<', s)
      .where('openedSeq', 'is not', null)
      .where('id', '!=', task.id)
      .execute();
    for (const r of reopened) notifyTodo(run, r.id, r.handlerId);
    await trx
      .updateTable('flowTasks')
      .set((eb) => ({
        status: eb.case().when('openedSeq', 'is', null).then(TaskStatus.queued).else(TaskStatus.waiting).end(),
        closedSeq: null,
        handledAt: null,
      }))
      .where('instanceId', '=', inst.id)
      .where('closedSeq', '=', s)
      .where('createdSeq', '<', s)
      .execute();
    await trx.deleteFrom('flowCopies').where('instanceId', '=', inst.id).where('seq', '=', s).execute();
    await addRecord(run, {
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      action: FlowAction.recall,
      actorId: userId,
      taskId: task.id,
      opinion: body.opinion,
    });
    await settle(run);
    return result(run);
  });
}

/** Hands a waiting task to another user, who then holds it in the same place. */
export async function transferTask(ctx: AppContext, taskId: string, userId: string, input: FlowTransferBody): Promise<ActionResult> {
  const body = flowTransferBody.parse(input);
  const at = now();
  return withMessages(ctx, at, async (trx, outbox) => {
    const task = await ownTask(trx, taskId, userId);
    const inst = await lockInstance(trx, task.instanceId, at);
    const [toUser] = await enabledUsers(trx, [body.toUserId]);
    if (!toUser) throw badRequest('workflow.userUnknown', { id: body.toUserId });
    const holds = await trx
      .selectFrom('flowTasks')
      .select('id')
      .where('nodeStateId', '=', task.nodeStateId)
      .where('handlerId', '=', toUser)
      .where('status', 'in', [TaskStatus.waiting, TaskStatus.queued])
      .executeTakeFirst();
    if (toUser === userId || holds) throw badRequest('workflow.transferTarget');
    const run = await openRun(trx, inst, at, outbox);
    const res = await trx
      .updateTable('flowTasks')
      .set({ status: TaskStatus.cancelled, closedSeq: run.seq, handledAt: at })
      .where('id', '=', task.id)
      .where('status', '=', TaskStatus.waiting)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('workflow.taskHandled');
    await handOver(run, task, toUser, { action: FlowAction.transfer, actorId: userId, taskId: task.id, opinion: body.opinion });
    await settle(run);
    return result(run);
  });
}

/** The monitor (an administrator) cancels a running instance: its open tasks close and the form is told 5. */
export async function cancelInstance(
  ctx: AppContext,
  instanceId: string,
  adminId: string,
  input: FlowOpinionBody = {},
): Promise<ActionResult> {
  const body = flowOpinionBody.parse(input);
  const at = now();
  return withMessages(ctx, at, async (trx, outbox) => {
    // Its running children are locked first (the order a child's end takes), then cancelled with it.
    await lockDescendants(trx, instanceId);
    const inst = await lockInstance(trx, instanceId, at);
    const run = await openRun(trx, inst, at, outbox);
    const start = run.graph.nodes.find((n) => n.type === 'start')!;
    await closeAllOpen(run, adminId);
    await addRecord(run, { nodeId: start.id, nodeName: start.name, action: FlowAction.cancel, actorId: adminId, opinion: body.opinion });
    await endInstance(run, FlowStatus.cancelled, adminId);
    return result(run);
  });
}
