import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { now } from '../../lib/clock.ts';
import { all } from '../health/plans/rows.ts';
import { usersWithRole } from './access.ts';
import { getConsultSettings } from './settings.ts';
import { write } from './transaction.ts';

/**
 * The scheduled check of the consultation time limits (the lists only flag
 * them): an application still 待审批 past its approval limit (the urgent one
 * sooner) is reminded to the approvers, a held consultation without an
 * opinion past the opinion limit to its experts. Each late state is reminded
 * once: reminded_state is set in the same conditional UPDATE that claims the
 * reminder, so two processes checking at once send it once.
 */
const BATCH = 200;
const HOUR = 3_600_000;

export async function remindLate(ctx: AppContext, at = now()): Promise<number> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const s = await getConsultSettings(db);
  const ms = (hours: number) => sql`cast(${hours * HOUR} as bigint)`;
  const rows = await all<{ id: string; code: string; state: string; approverId: string | null }>(
    db,
    db
      .selectFrom('consult_requests as c')
      .select(['c.id as id', 'c.code as code', 'c.state as state', 'c.approver_id as approverId'])
      .where((eb) =>
        eb.or([
          eb.and([
            eb('c.state', '=', 'pending'),
            sql<boolean>`c.created_at + case when c.urgency = 'urgent' then ${ms(s.urgentApproveHours)} else ${ms(s.approveHours)} end < ${at}`,
          ]),
          eb.and([eb('c.state', '=', 'held'), sql<boolean>`c.held_at + ${ms(s.opinionHours)} < ${at}`]),
        ]),
      )
      .where((eb) => eb.or([eb('c.reminded_state', 'is', null), eb('c.reminded_state', '<>', eb.ref('c.state'))]))
      .orderBy('c.created_at')
      .limit(BATCH),
  );
  let sent = 0;
  for (const r of rows) {
    const claimed = await write(ctx, async (tx) => {
      const res = await tx.db
        .updateTable('consult_requests')
        .set({ reminded_state: r.state })
        .where('id', '=', r.id)
        .where('state', '=', r.state)
        .where((eb) => eb.or([eb('reminded_state', 'is', null), eb('reminded_state', '<>', r.state)]))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      const late = r.state === 'pending';
      const to = late
        ? await usersWithRole(tx.db, s.consultApproverRole)
        : (
            await all<{ userId: string }>(
              tx.db,
              tx.db.selectFrom('consult_experts').select('user_id as userId').where('consult_id', '=', r.id),
            )
          ).map((e) => e.userId);
      await tx.notify({
        toUserIds: to,
        titleKey: late ? 'consult.msg.lateApprove' : 'consult.msg.lateOpinion',
        params: { code: r.code },
        body: { consultId: r.id, screen: late ? 'consult_approve' : 'remote_meeting_list' },
        senderId: null,
      });
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}
