import { FlowAction, FlowStatus, TaskStatus, type FlowLaunchable } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, notFound, tooMany } from '../../http/errors.ts';
import { keywordMatch } from '../../http/paging.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { withMessages, urgeMessage } from './notify.ts';

/** How long after an urge the same instance may be urged again. */
export const PRESS_EVERY_MS = 60_000;
const LAUNCHABLE_MAX = 500;

/**
 * The flows the caller may start (the launch screen): enabled, and either
 * open to anyone (no flow_starters rows) or naming the caller, one of their
 * positions or one of their roles. One statement; sorted by category, then
 * the flow's sort code.
 */
export async function launchableFlows(ctx: AppContext, userId: string, keyword?: string): Promise<{ list: FlowLaunchable[] }> {
  let q = ctx.db
    .selectFrom('flowDefinitions as d')
    .select(['d.id', 'd.enCode', 'd.fullName', 'd.category', 'd.formKind', 'd.formId', 'd.description'])
    .where('d.enabledMark', '=', 1)
    .where(({ or, not, exists, selectFrom }) =>
      or([
        not(exists(selectFrom('flowStarters as s').select('s.id').whereRef('s.flowId', '=', 'd.id'))),
        exists(
          selectFrom('flowStarters as s')
            .select('s.id')
            .whereRef('s.flowId', '=', 'd.id')
            .where('s.objectType', '=', 'User')
            .where('s.objectId', '=', userId),
        ),
        exists(
          selectFrom('flowStarters as s')
            .innerJoin('userRelations as r', (j) => j.onRef('r.objectType', '=', 's.objectType').onRef('r.objectId', '=', 's.objectId'))
            .select('s.id')
            .whereRef('s.flowId', '=', 'd.id')
            .where('s.objectType', 'in', ['Position', 'Role'])
            .where('r.userId', '=', userId),
        ),
      ]),
    );
  if (keyword) q = q.where(keywordMatch(['d.fullName', 'd.enCode'], keyword));
  const list = await q.orderBy('d.category').orderBy('d.sortCode').orderBy('d.fullName').orderBy('d.id').limit(LAUNCHABLE_MAX).execute();
  return { list };
}

/**
 * The starter urges a waiting instance: one message to every handler of a
 * waiting task. Refused for anyone else (403), for an ended or suspended
 * instance (409), and within PRESS_EVERY_MS of the last urge (429): the
 * guarded upsert on flow_presses lets exactly one urge through per window,
 * also when two arrive at once on two processes.
 */
export async function pressInstance(ctx: AppContext, instanceId: string, userId: string): Promise<{ notified: number }> {
  const at = now();
  return withMessages(ctx, at, async (trx, outbox) => {
    const inst = await trx
      .selectFrom('flowInstances')
      .select(['id', 'starterId', 'status', 'title', 'seq'])
      .where('id', '=', instanceId)
      .executeTakeFirst();
    if (!inst) throw notFound();
    if (inst.starterId !== userId) throw forbidden();
    if (inst.status !== FlowStatus.waiting) throw conflict('workflow.notWaiting');
    const suspended = await trx.selectFrom('flowSuspensions').select('instanceId').where('instanceId', '=', instanceId).executeTakeFirst();
    if (suspended) throw conflict('workflow.suspended');
    const handlers = await trx
      .selectFrom('flowTasks')
      .select(['handlerId', 'nodeId', 'nodeName'])
      .where('instanceId', '=', instanceId)
      .where('status', '=', TaskStatus.waiting)
      .execute();
    if (!handlers.length) throw conflict('workflow.pressNobody');
    const taken = await trx
      .insertInto('flowPresses')
      .values({ instanceId, pressedAt: at })
      .onConflict((oc) =>
        oc
          .column('instanceId')
          .doUpdateSet({ pressedAt: at })
          .where('flowPresses.pressedAt', '<=', at - PRESS_EVERY_MS),
      )
      .executeTakeFirst();
    if (Number(taken.numInsertedOrUpdatedRows ?? 0) !== 1) {
      const last = await trx.selectFrom('flowPresses').select('pressedAt').where('instanceId', '=', instanceId).executeTakeFirst();
      const seconds = Math.max(1, Math.ceil(((last?.pressedAt ?? at) + PRESS_EVERY_MS - at) / 1000));
      throw tooMany('workflow.pressTooSoon', { seconds });
    }
    const userIds = [...new Set(handlers.map((h) => h.handlerId))];
    outbox.push(urgeMessage(instanceId, inst.title, userIds, userId));
    // In the audit trail under the current seq: an urge changes no state, so it takes no action number.
    await trx
      .insertInto('flowRecords')
      .values({
        id: newId(),
        instanceId,
        seq: inst.seq,
        nodeId: handlers[0]!.nodeId,
        nodeName: handlers[0]!.nodeName,
        taskId: null,
        action: FlowAction.press,
        actorId: userId,
        target: null,
        opinion: '',
        signatureFileId: null,
        attachments: null,
        createdAt: at,
      })
      .execute();
    return { notified: userIds.length };
  });
}
