import { TaskStatus } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { now } from '../../lib/clock.ts';
import { approveAs, rejectAs } from './actions.service.ts';

/**
 * Node timeouts that act: every waiting task past its due time whose node
 * says 'approve' or 'reject' is decided by the engine (recorded as the
 * system), each in its own transaction, through the same code as a person's
 * decision. A task somebody decided in the meantime is skipped. Reminders
 * ('remind') are left to the messages module, which selects them the same way.
 * Call it on a timer; several processes may call it at once.
 */
export async function processDueTasks(ctx: AppContext, limit = 200): Promise<{ approved: number; rejected: number }> {
  const due = await ctx.db
    .selectFrom('flowTasks')
    .select(['id', 'dueAction'])
    .where('status', '=', TaskStatus.waiting)
    .where('dueAt', '<=', now())
    .where('dueAction', 'in', ['approve', 'reject'])
    .orderBy('dueAt')
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
