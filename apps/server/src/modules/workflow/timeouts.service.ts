import { FlowAction, FlowStatus, TaskStatus } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { now } from '../../lib/clock.ts';
import { lockInstance, openRun } from './action-support.ts';
import { approveAs, rejectAs } from './actions.service.ts';
import { addRecord, leave, settle, SYSTEM_ACTOR } from './engine.ts';
import { urgeMessage, withMessages } from './notify.ts';

/**
 * Node timeouts that act: every waiting task past its due time whose node
 * says 'approve' or 'reject' is decided by the engine (recorded as the
 * system), each in its own transaction, through the same code as a person's
 * decision. A task somebody decided in the meantime is skipped. Reminders
 * ('remind') are processDueReminders. Call it on a timer (scheduler.ts);
 * several processes may call it at once.
 */
export async function processDueTasks(ctx: AppContext, limit = 200): Promise<{ approved: number; rejected: number }> {
  const due = await ctx.db
    .selectFrom('flowTasks as t')
    .select(['t.id', 't.dueAction'])
    .where('t.status', '=', TaskStatus.waiting)
    .where('t.dueAt', '<=', now())
    .where('t.dueAction', 'in', ['approve', 'reject'])
    // A suspended instance's clock stands still for its actions too.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('flowSuspensions as s').select('s.instanceId').whereRef('s.instanceId', '=', 't.instanceId'))),
    )
    .orderBy('t.dueAt')
    .limit(limit)
    .execute();
  const done = { approved: 0, rejected: 0 };
  for (const task of due) {
    try {
      if (task.dueAction === 'approve') {
        await approveAs(ctx, task.id, { engine: true });
        done.approved++;
      } else {
        await rejectAs(ctx, task.id, { engine: true });
        done.rejected++;
      }
    } catch (e) {
      // Decided by somebody else first or the flow ended (409): nothing left to do. A refusal such as
      // nobody found for the next node leaves the task waiting for a person; the others still go on.
      if (!(e instanceof AppError)) throw e;
      if (e.status !== 409) ctx.log.warn({ taskId: task.id, key: e.key }, 'workflow timeout could not act');
    }
  }
  return done;
}

/**
 * Timer nodes whose delay ran out move on, each in its own transaction:
 * the instance is taken (seq bump, refused when it ended or is suspended),
 * then the timer row is deleted; only the process whose DELETE removed it
 * moves the flow on, so a timer fires once however many processes run this.
 */
export async function processDueTimers(ctx: AppContext, limit = 200): Promise<number> {
  const at = now();
  // Timers whose wait ended otherwise (the flow was rejected, revoked, cancelled or recalled) go, so the
  // due scan below only ever walks live ones.
  await ctx.db
    .deleteFrom('flowTimers')
    .where('dueAt', '<=', at)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('flowNodeStates as n')
          .select('n.id')
          .whereRef('n.id', '=', 'flowTimers.nodeStateId')
          .where('n.status', '!=', FlowStatus.waiting),
      ),
    )
    .execute();
  const due = await ctx.db
    .selectFrom('flowTimers as m')
    .innerJoin('flowNodeStates as n', 'n.id', 'm.nodeStateId')
    .innerJoin('flowInstances as i', 'i.id', 'm.instanceId')
    .select(['m.nodeStateId', 'm.instanceId', 'm.nodeId'])
    .where('m.dueAt', '<=', at)
    .where('n.status', '=', FlowStatus.waiting)
    .where('i.status', '=', FlowStatus.waiting)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('flowSuspensions as s').select('s.instanceId').whereRef('s.instanceId', '=', 'm.instanceId'))),
    )
    .orderBy('m.dueAt')
    .limit(limit)
    .execute();
  let fired = 0;
  for (const timer of due) {
    try {
      if (await fireTimer(ctx, timer)) fired++;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      if (e.status !== 409) ctx.log.warn({ nodeStateId: timer.nodeStateId, key: e.key }, 'workflow timer could not move on');
    }
  }
  return fired;
}

async function fireTimer(ctx: AppContext, timer: { nodeStateId: string; instanceId: string; nodeId: string }): Promise<boolean> {
  const at = now();
  return withMessages(ctx, at, async (trx, outbox) => {
    const inst = await lockInstance(trx, timer.instanceId, at);
    const removed = await trx
      .deleteFrom('flowTimers')
      .where('nodeStateId', '=', timer.nodeStateId)
      .where('dueAt', '<=', at)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) return false;
    const run = await openRun(trx, inst, at, outbox);
    const closed = await trx
      .updateTable('flowNodeStates')
      .set({ status: FlowStatus.adopted, closedSeq: run.seq, closedAt: at })
      .where('id', '=', timer.nodeStateId)
      .where('status', '=', FlowStatus.waiting)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) return false;
    const node = run.ix.nodes.get(timer.nodeId);
    await addRecord(run, {
      nodeId: timer.nodeId,
      nodeName: node?.name ?? timer.nodeId,
      action: FlowAction.timerPass,
      actorId: SYSTEM_ACTOR,
    });
    await leave(run, timer.nodeId);
    await settle(run);
    return true;
  });
}

/**
 * Node timeouts that remind: each waiting task past its due time whose node
 * says 'remind' sends its handler one urge message. Clearing the task's due
 * time in a guarded UPDATE is what claims it, so one process sends it once.
 */
export async function processDueReminders(ctx: AppContext, limit = 200): Promise<number> {
  const at = now();
  const due = await ctx.db
    .selectFrom('flowTasks as t')
    .innerJoin('flowInstances as i', 'i.id', 't.instanceId')
    .select(['t.id', 't.handlerId', 't.instanceId', 'i.title'])
    .where('t.status', '=', TaskStatus.waiting)
    .where('t.dueAt', '<=', at)
    .where('t.dueAction', '=', 'remind')
    .where('i.status', '=', FlowStatus.waiting)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('flowSuspensions as s').select('s.instanceId').whereRef('s.instanceId', '=', 't.instanceId'))),
    )
    .orderBy('t.dueAt')
    .limit(limit)
    .execute();
  let sent = 0;
  for (const task of due) {
    const claimed = await withMessages(ctx, at, async (trx, outbox) => {
      const res = await trx
        .updateTable('flowTasks')
        .set({ dueAt: null })
        .where('id', '=', task.id)
        .where('status', '=', TaskStatus.waiting)
        .where('dueAt', '<=', at)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      outbox.push(urgeMessage(task.instanceId, task.title, [task.handlerId], null));
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}

/** One due pass: timers first (they may open tasks), then the task timeouts and reminders. */
export async function processDue(
  ctx: AppContext,
  limit = 200,
): Promise<{ timers: number; approved: number; rejected: number; reminded: number }> {
  const timers = await processDueTimers(ctx, limit);
  const decided = await processDueTasks(ctx, limit);
  return { timers, ...decided, reminded: await processDueReminders(ctx, limit) };
}
