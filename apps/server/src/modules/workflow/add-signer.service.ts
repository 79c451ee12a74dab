import { FlowAction, flowAddSignerBody, TaskStatus, type FlowAddSignerBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { approverNode, closeTask, lockInstance, openRun, ownTask, result, type ActionResult } from './action-support.ts';
import { enabledUsers } from './approvers.ts';
import { addRecord, notifyTodo, settle } from './engine.ts';
import { withMessages } from './notify.ts';

/**
 * An approver adds signers to their own waiting task (record 6, add sign):
 * - before: the added signers get waiting tasks and the caller's task is held
 *   (queued, off the to-do list) until all of them approved, then it reopens;
 * - after: the caller's task is approved now, and the node passes only once
 *   the added signers approved too.
 * Added signers are outside the node's sign rule (decideNode): one of them
 * rejecting rejects the node. They cannot add signers themselves.
 */
export async function addSigners(ctx: AppContext, taskId: string, userId: string, input: FlowAddSignerBody): Promise<ActionResult> {
  const body = flowAddSignerBody.parse(input);
  const at = now();
  return withMessages(ctx, at, async (trx, outbox) => {
    const task = await ownTask(trx, taskId, userId);
    if (task.status !== TaskStatus.waiting) throw conflict('workflow.taskHandled');
    const nested = await trx.selectFrom('flowTaskSigners').select('taskId').where('taskId', '=', task.id).executeTakeFirst();
    if (nested) throw badRequest('workflow.addSignerNested');
    const inst = await lockInstance(trx, task.instanceId, at);
    const wanted = [...new Set(body.userIds)];
    const found = new Set(await enabledUsers(trx, wanted));
    const unknown = wanted.find((id) => !found.has(id));
    if (unknown !== undefined) throw badRequest('workflow.userUnknown', { id: unknown });
    const holding = await trx
      .selectFrom('flowTasks')
      .select('handlerId')
      .where('nodeStateId', '=', task.nodeStateId)
      .where('handlerId', 'in', wanted)
      .where('status', 'in', [TaskStatus.waiting, TaskStatus.queued])
      .executeTakeFirst();
    const refused = wanted.includes(userId) ? userId : holding?.handlerId;
    if (refused !== undefined) throw badRequest('workflow.addSignerTarget', { id: refused });
    const run = await openRun(trx, inst, at, outbox);
    const node = approverNode(run, task.nodeId);
    if (body.position === 'after') {
      await closeTask(run, task.id, TaskStatus.adopted);
    } else {
      const held = await trx
        .updateTable('flowTasks')
        .set({ status: TaskStatus.queued, dueAt: null })
        .where('id', '=', task.id)
        .where('status', '=', TaskStatus.waiting)
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) throw conflict('workflow.taskHandled');
    }
    const rows = wanted.map((handlerId) => ({
      id: newId(),
      instanceId: inst.id,
      nodeStateId: task.nodeStateId,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      handlerId,
      delegatorId: null,
      status: TaskStatus.waiting,
      sortCode: task.sortCode,
      createdSeq: run.seq,
      openedSeq: run.seq,
      closedSeq: null,
      createdAt: at,
      openedAt: at,
      dueAt: null,
      dueAction: null,
      handledAt: null,
    }));
    await trx.insertInto('flowTasks').values(rows).execute();
    await trx
      .insertInto('flowTaskSigners')
      .values(rows.map((r) => ({ taskId: r.id, parentTaskId: task.id, instanceId: inst.id, position: body.position })))
      .execute();
    for (const r of rows) {
      notifyTodo(run, r.id, r.handlerId);
      await addRecord(run, {
        nodeId: node.id,
        nodeName: node.name,
        action: FlowAction.addSign,
        actorId: userId,
        taskId: task.id,
        target: r.handlerId,
        opinion: body.opinion,
      });
    }
    await settle(run);
    return result(run);
  });
}
